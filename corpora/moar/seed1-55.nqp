# moar_nqp_program.py --seed 1 --case 55
class C1 {
    has $!value;
    method m2($x) { $!value := ~$x; $!value }
    method value() { $!value }
}
sub s3($p0, $p1, :$flag = -2147483648, *@rest, *%opts) {
    my $count := 2;
    $count := $count + ($flag ?? 1 !! 0);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
sub s4() {
    my $count := 0;
    $count
}
sub s5(int $p0, $p1, int $p2, :$flag = -32768) {
    my $count := 3;
    $count := $count + ($p0 > 0 ?? 1 !! 2);
    $count := $count + ($p2 > 0 ?? 1 !! 2);
    $count := $count + ($flag ?? 1 !! 0);
    $count
}
my $v6 := -> $y { $y + 42 }; say($v6(-32769));
try {
    if 0 > 65535 { say("naïve alpha") } else { say("héllo x") }
    nqp::die("wörld héllo tab\there");
    CATCH { say("caught") }
}
say("x back\\slash naïve");
my $v10 := -> $y { $y + 0 }; say($v10(7));
my $v11 := C1.new(); $v11.m2(1099511627776); say($v11.value());
my %v12 := nqp::hash('k', 2); %v12<j> := "😀 Straße tab\there"; say(nqp::elems(%v12));
my @v13 := [1099511627776, "wörld x Straße", -2.25e0]; nqp::push(@v13, 0); say(nqp::elems(@v13));
my $v14 := C1.new(); $v14.m2(32767); say($v14.value());
for [128, "tab\there", 1099511627776] -> $e {
    say($e);
    my $v16 := C1.new(); $v16.m2(65535); say($v16.value());
}
say("done");
