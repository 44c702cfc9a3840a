# moar_nqp_program.py --seed 1 --case 160
class C1 {
    has $!value;
    method m2($x) { $!value := ($!value // 0) + $x; self }
    method value() { $!value }
}
class C3 {
    has $!value;
    method m4($x) { $!value := ~$x; $!value }
    method m5($x) { $!value := ($!value // 0) + $x; self }
    method value() { $!value }
}
sub s6($p0, $p1) {
    my $count := 2;
    $count
}
sub s7(str $p0, int $p1, str $p2, *@rest, *%opts) {
    my $count := 3;
    $count := $count + nqp::chars($p0);
    $count := $count + ($p1 > 0 ?? 1 !! 2);
    $count := $count + nqp::chars($p2);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
sub s8(int $p0, str $p1, :$flag = 0, *@rest, *%opts) {
    my $count := 2;
    $count := $count + ($p0 > 0 ?? 1 !! 2);
    $count := $count + nqp::chars($p1);
    $count := $count + ($flag ?? 1 !! 0);
    $count := $count + nqp::elems(@rest) + nqp::elems(%opts);
    $count
}
if -32769 > 255 { say("Straße 日本語") } else { say("ünïcödé") }
say("😀 日本語");
my $v11 := C3.new(); $v11.m5(127); say($v11.value());
say(s6(-32768, 127));
my $v13 := -> $y { $y + -1 }; say($v13(-32768));
say(s7("ünïcödé x gamma", 1, "quote\"d wörld", "héllo"));
my @v15 := [127, "héllo 日本語 quote\"d", 1e0]; nqp::push(@v15, 256); say(nqp::elems(@v15));
my %v16 := nqp::hash('k', 2); %v16<j> := "back\\slash 日本語"; say(nqp::elems(%v16));
my $v17 := -> $y { $y + 2 }; say($v17(4294967296));
say(s7("quote\"d gamma", 65535, "naïve beta quote\"d", "Ωmega "));
say("done");
