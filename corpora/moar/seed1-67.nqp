# moar_nqp_program.py --seed 1 --case 67
sub s1(num $p0, num $p1, int $p2) {
    my $count := 3;
    $count := $count + ($p0 < 1e0 ?? 3 !! 4);
    $count := $count + ($p1 < 1e0 ?? 3 !! 4);
    $count := $count + ($p2 > 0 ?? 1 !! 2);
    $count
}
sub s2($p0, num $p1, :$flag = 32767) {
    my $count := 2;
    $count := $count + ($p1 < 1e0 ?? 3 !! 4);
    $count := $count + ($flag ?? 1 !! 0);
    $count
}
say(s2(32768, 1e-5));
my %v4 := nqp::hash('k', 9223372036854775807); %v4<j> := "quote\"d"; say(nqp::elems(%v4));
say(s1(3.14159e0, -2.25e0, 9223372036854775807));
try {
    my num $v7 := 1.5e0; $v7 := $v7 * 1.5e0; say($v7);
    nqp::die("wörld tab\there back\\slash");
    CATCH { say("caught") }
}
my str $v8 := "Straße"; $v8 := $v8 ~ "wörld"; say(nqp::chars($v8));
my $v9 := -> $y { $y + 256 }; say($v9(9223372036854775807));
say(s2(2147483647, 1e-5));
my int $v11 := 0;
while $v11 < 8 {
    $v11 := $v11 + 1;
    next if $v11 == 6;
    last if $v11 == 3;
    my @v12 := [2, "tab\there quote\"d", 3.14159e0]; nqp::push(@v12, -2147483648); say(nqp::elems(@v12));
}
my num $v13 := 3.14159e0; $v13 := $v13 * 1e0; say($v13);
for [2, " quote\"d", 4294967296] -> $e {
    say($e);
    my num $v15 := 1e-5; $v15 := $v15 * 0e0; say($v15);
}
my int $v16 := 128; $v16 := $v16 + 2; say($v16);
my %v17 := nqp::hash('k', 255); %v17<j> := "x ∑∫ back\\slash"; say(nqp::elems(%v17));
say(s1(6.02e23, 1e0, -32769));
say("done");
