# moar_nqp_program.py --seed 1 --case 165
class C1 {
    has $!value;
    method m2($x) { $!value := ~$x; $!value }
    method value() { $!value }
}
class C3 {
    has $!value;
    method m4($x) { nqp::elems([$x, $!value]) }
    method m5($x) { $!value := ($!value // 0) + $x; self }
    method m6($x) { nqp::elems([$x, $!value]) }
    method value() { $!value }
}
sub s7(int $p0, int $p1, int $p2) {
    my $count := 3;
    $count := $count + ($p0 > 0 ?? 1 !! 2);
    $count := $count + ($p1 > 0 ?? 1 !! 2);
    $count := $count + ($p2 > 0 ?? 1 !! 2);
    $count
}
sub s8(num $p0, :$flag = 7) {
    my $count := 1;
    $count := $count + ($p0 < 1e0 ?? 3 !! 4);
    $count := $count + ($flag ?? 1 !! 0);
    $count
}
try {
    my str $v10 := "日本語 alpha beta"; $v10 := $v10 ~ "∑∫ gamma alpha"; say(nqp::chars($v10));
    nqp::die("héllo alpha");
    CATCH { say("caught") }
}
my $v11 := C3.new(); $v11.m4(255); say($v11.value());
my int $v12 := 0;
while $v12 < 11 {
    $v12 := $v12 + 1;
    next if $v12 == 3;
    last if $v12 == 8;
    my %v13 := nqp::hash('k', -2147483648); %v13<j> := "x Ωmega"; say(nqp::elems(%v13));
}
my @v14 := [65535, "héllo alpha beta", 1.5e0]; nqp::push(@v14, 42); say(nqp::elems(@v14));
my @v15 := [-2147483648, "beta héllo", 1e-5]; nqp::push(@v15, 9223372036854775807); say(nqp::elems(@v15));
say(s7(42, 65536, 128));
for [1, " 😀 Straße", 256] -> $e {
    say($e);
    say(s7(-2147483648, -2147483648, 1099511627776));
}
my str $v19 := "ünïcödé wörld x"; $v19 := $v19 ~ "beta x"; say(nqp::chars($v19));
say("Straße wörld");
say("done");
