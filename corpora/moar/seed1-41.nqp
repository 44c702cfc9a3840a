# moar_nqp_program.py --seed 1 --case 41
class C1 {
    has $!value;
    method m2($x) { $!value := ($!value // 0) + $x; self }
    method m3($x) { $!value := ~$x; $!value }
    method m4($x) { $!value := ($!value // 0) + $x; self }
    method value() { $!value }
}
class C5 {
    has $!value;
    method m6($x) { $!value := ~$x; $!value }
    method m7($x) { $!value := ~$x; $!value }
    method m8($x) { nqp::elems([$x, $!value]) }
    method value() { $!value }
}
sub s9(str $p0, int $p1) {
    my $count := 2;
    $count := $count + nqp::chars($p0);
    $count := $count + ($p1 > 0 ?? 1 !! 2);
    $count
}
sub s10(str $p0, $p1, *@rest, *%opts) {
    my $count := 2;
    $count := $count + nqp::chars($p0);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
sub s11(:$flag = 65536) {
    my $count := 0;
    $count := $count + ($flag ?? 1 !! 0);
    $count
}
sub s12($p0, str $p1) {
    my $count := 2;
    $count := $count + nqp::chars($p1);
    $count
}
try {
    my $v14 := -> $y { $y + 2 }; say($v14(-32768));
    nqp::die(" ∑∫ Straße");
    CATCH { say("caught") }
}
say(s12(-32768, "ünïcödé Ωmega beta"));
my $v16 := C1.new(); $v16.m4(2); say($v16.value());
for [0, "tab\there naïve", 1099511627776] -> $e {
    say($e);
    say(s10("😀 quote\"d", 42, 65536, :extra("héllo ∑∫ Straße")));
}
my str $v19 := "gamma"; $v19 := $v19 ~ "日本語 😀 Straße"; say(nqp::chars($v19));
my int $v20 := 128; $v20 := $v20 + 1; say($v20);
my num $v21 := 0e0; $v21 := $v21 * 1e-5; say($v21);
my str $v22 := "wörld alpha ∑∫"; $v22 := $v22 ~ "alpha quote\"d"; say(nqp::chars($v22));
my $v23 := -> $y { $y + 0 }; say($v23(-1));
for [255, "tab\there ünïcödé wörld", 4294967296] -> $e {
    say($e);
    for [255, "Straße x back\\slash", 4294967296] -> $e {
    say($e);
    my str $v26 := "ünïcödé"; $v26 := $v26 ~ " quote\"d naïve"; say(nqp::chars($v26));
}
}
my $v27 := C1.new(); $v27.m3(32767); say($v27.value());
my int $v28 := 1099511627776; $v28 := $v28 + 9223372036854775807; say($v28);
say("done");
