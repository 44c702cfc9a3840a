"""The command line of the corpus generators in scripts/lib (LLVM IR, NQP and Raku programs).

Each prints one program: `--seed S` draws it from random.Random(S), and `--case I` prints case I
of a corpus run with seed S, whose random.Random seed is case_seed(S, I). The first line is a
comment naming the command that prints the same program again.
"""

import argparse
import random
import sys


def case_seed(seed, index):
    """The seed of case `index` of a corpus run with seed `seed`."""
    return (seed * 1000003 + index) % (2 ** 64)


def run(generate, *, program, description, corpus_script, comment, argv=None):
    """Parses argv, prints the comment line and generate(random.Random(...)); returns 0."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--seed", type=int, default=1, help="the seed (default 1)")
    parser.add_argument("--case", type=int, default=None,
                        help=f"print case I of a corpus run with this seed ({corpus_script})")
    args = parser.parse_args(argv)
    seed = args.seed if args.case is None else case_seed(args.seed, args.case)
    text = generate(random.Random(seed))
    case = "" if args.case is None else " --case %d" % args.case
    sys.stdout.write("%s %s --seed %d%s\n" % (comment, program, args.seed, case))
    sys.stdout.write(text)
    return 0
