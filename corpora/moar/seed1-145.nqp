# moar_nqp_program.py --seed 1 --case 145
sub s1($p0, :$flag = 1) {
    my $count := 1;
    $count := $count + ($flag ?? 1 !! 0);
    $count
}
my int $v2 := 1; $v2 := $v2 + 65536; say($v2);
my int $v3 := 2147483647; $v3 := $v3 + 4294967296; say($v3);
say(s1(-32768, :flag(-32769)));
my $v5 := -> $y { $y + -32768 }; say($v5(7));
my int $v6 := 1; $v6 := $v6 + 32767; say($v6);
my @v7 := [128, "beta gamma", 6.02e23]; nqp::push(@v7, 2147483647); say(nqp::elems(@v7));
say("done");
