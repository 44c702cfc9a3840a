# moar_nqp_program.py --seed 1 --case 140
class C1 {
    has $!value;
    method m2($x) { nqp::elems([$x, $!value]) }
    method m3($x) { $!value := ~$x; $!value }
    method value() { $!value }
}
class C4 {
    has $!value;
    method m5($x) { $!value := ~$x; $!value }
    method m6($x) { $!value := ($!value // 0) + $x; self }
    method m7($x) { $!value := ~$x; $!value }
    method value() { $!value }
}
class C8 {
    has $!value;
    method m9($x) { nqp::elems([$x, $!value]) }
    method m10($x) { $!value := ($!value // 0) + $x; self }
    method value() { $!value }
}
sub s11(int $p0) {
    my $count := 1;
    $count := $count + ($p0 > 0 ?? 1 !! 2);
    $count
}
sub s12(str $p0, :$flag = 65536) {
    my $count := 1;
    $count := $count + nqp::chars($p0);
    $count := $count + ($flag ?? 1 !! 0);
    $count
}
sub s13(int $p0, str $p1, *@rest, *%opts) {
    my $count := 2;
    $count := $count + ($p0 > 0 ?? 1 !! 2);
    $count := $count + nqp::chars($p1);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
sub s14(*@rest, *%opts) {
    my $count := 0;
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
for [4294967296, "😀 x", 7] -> $e {
    say($e);
    my num $v16 := -2.25e0; $v16 := $v16 * 1e10; say($v16);
}
if 2147483647 > 7 { say("∑∫ gamma") } else { say("héllo wörld ∑∫") }
for [0, "back\\slash", 127] -> $e {
    say($e);
    my str $v19 := "back\\slash wörld"; $v19 := $v19 ~ "😀 quote\"d"; say(nqp::chars($v19));
}
my $v20 := -> $y { $y + 128 }; say($v20(-2147483648));
my $v21 := -> $y { $y + -1 }; say($v21(-32769));
say("done");
