# moar_nqp_program.py --seed 1 --case 163
sub s1(int $p0, int $p1, int $p2) {
    my $count := 3;
    $count := $count + ($p0 > 0 ?? 1 !! 2);
    $count := $count + ($p1 > 0 ?? 1 !! 2);
    $count := $count + ($p2 > 0 ?? 1 !! 2);
    $count
}
sub s2($p0, num $p1, int $p2, *@rest, *%opts) {
    my $count := 3;
    $count := $count + ($p1 < 1e0 ?? 3 !! 4);
    $count := $count + ($p2 > 0 ?? 1 !! 2);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
say(s1(256, 42, 32768));
my int $v4 := 0;
while $v4 < 9 {
    $v4 := $v4 + 1;
    next if $v4 == 5;
    last if $v4 == 4;
    for [1099511627776, "quote\"d", -32769] -> $e {
    say($e);
    my str $v6 := "日本語 quote\"d ünïcödé"; $v6 := $v6 ~ "quote\"d Straße"; say(nqp::chars($v6));
}
}
my int $v7 := 1; $v7 := $v7 + 0; say($v7);
my @v8 := [42, "tab\there Straße", -2.25e0]; nqp::push(@v8, 2); say(nqp::elems(@v8));
say(s2(-2147483648, 0e0, -1));
my str $v10 := "gamma Ωmega"; $v10 := $v10 ~ "😀 alpha"; say(nqp::chars($v10));
my $v11 := -> $y { $y + 0 }; say($v11(65536));
if 1099511627776 > 7 { say("gamma wörld") } else { say("naïve beta") }
say(s2(42, 6.02e23, 256, :extra("quote\"d Straße ")));
say("done");
