# moar_nqp_program.py --seed 1 --case 127
class C1 {
    has $!value;
    method m2($x) { nqp::elems([$x, $!value]) }
    method m3($x) { $!value := ~$x; $!value }
    method value() { $!value }
}
class C4 {
    has $!value;
    method m5($x) { nqp::elems([$x, $!value]) }
    method m6($x) { $!value := ($!value // 0) + $x; self }
    method m7($x) { nqp::elems([$x, $!value]) }
    method value() { $!value }
}
sub s8($p0, int $p1) {
    my $count := 2;
    $count := $count + ($p1 > 0 ?? 1 !! 2);
    $count
}
sub s9(:$flag = -32768, *@rest, *%opts) {
    my $count := 0;
    $count := $count + ($flag ?? 1 !! 0);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
sub s10(:$flag = 0, *@rest, *%opts) {
    my $count := 0;
    $count := $count + ($flag ?? 1 !! 0);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
say(s9("x beta tab\there"));
try {
    my $v13 := -> $y { $y + 42 }; say($v13(65535));
    nqp::die("back\\slash");
    CATCH { say("caught") }
}
my @v14 := [65536, "tab\there beta Ωmega", 0.1e0]; nqp::push(@v14, 1); say(nqp::elems(@v14));
say(s9(:flag(-32769), :extra("Straße")));
try {
    my %v17 := nqp::hash('k', 1); %v17<j> := "alpha beta tab\there"; say(nqp::elems(%v17));
    nqp::die("Straße");
    CATCH { say("caught") }
}
if 2147483647 > 65535 { say("alpha Straße") } else { say("naïve héllo") }
say(65536);
my str $v20 := "😀 héllo ünïcödé"; $v20 := $v20 ~ "héllo 日本語"; say(nqp::chars($v20));
my @v21 := [4294967296, "naïve 😀 gamma", 1e0]; nqp::push(@v21, 1099511627776); say(nqp::elems(@v21));
say("done");
