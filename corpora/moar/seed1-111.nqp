# moar_nqp_program.py --seed 1 --case 111
sub s1(str $p0, str $p1) {
    my $count := 2;
    $count := $count + nqp::chars($p0);
    $count := $count + nqp::chars($p1);
    $count
}
sub s2(num $p0, num $p1, int $p2, *@rest, *%opts) {
    my $count := 3;
    $count := $count + ($p0 < 1e0 ?? 3 !! 4);
    $count := $count + ($p1 < 1e0 ?? 3 !! 4);
    $count := $count + ($p2 > 0 ?? 1 !! 2);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
sub s3(int $p0, *@rest, *%opts) {
    my $count := 1;
    $count := $count + ($p0 > 0 ?? 1 !! 2);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
my $v4 := -> $y { $y + 2 }; say($v4(32767));
try {
    my int $v6 := 0;
while $v6 < 2 {
    $v6 := $v6 + 1;
    next if $v6 == 1;
    last if $v6 == 2;
    say(s2(1e10, 6.02e23, 0, 0));
}
    nqp::die("quote\"d");
    CATCH { say("caught") }
}
say(s3(127, "wörld", :extra("tab\there ünïcödé")));
say(s2(0.1e0, 1.5e0, 65536, "héllo", "héllo x ∑∫", :extra("tab\there")));
my @v10 := [7, " x", 0e0]; nqp::push(@v10, 127); say(nqp::elems(@v10));
say(1);
try {
    my str $v13 := "ünïcödé"; $v13 := $v13 ~ "back\\slash ünïcödé"; say(nqp::chars($v13));
    nqp::die("quote\"d ünïcödé");
    CATCH { say("caught") }
}
my int $v14 := 0;
while $v14 < 8 {
    $v14 := $v14 + 1;
    next if $v14 == 8;
    last if $v14 == 3;
    my @v15 := [4294967296, "Straße", 3.14159e0]; nqp::push(@v15, 255); say(nqp::elems(@v15));
}
my str $v16 := "naïve wörld héllo"; $v16 := $v16 ~ "Ωmega tab\there x"; say(nqp::chars($v16));
say(128);
my int $v18 := 0;
while $v18 < 2 {
    $v18 := $v18 + 1;
    next if $v18 == 1;
    last if $v18 == 2;
    say(128);
}
say("done");
