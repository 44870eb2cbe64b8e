# Hunks (`--hunks`) in every comparison, against `git diff -U0`: main..feature (and
# main...feature, main having moved on) edits files at the start, middle and end, inserts
# and deletes only, changes a last line without a newline, edits CRLF text and
# whitespace, renames a file with edits, changes only a mode, a binary file, a symlink's
# target, a file into a symlink, empties a file and fills an empty one. `indent.txt` is a
# change the indent heuristic slides, `patience.c` one the patience algorithm splits
# otherwise. `tail.h` ends in a long tail both sides share, which git drops before a diff
# without context (its trim_common_tail), aligning ` */` otherwise than the diff of the
# whole files: `git diff -U0` counts 10 and 8 lines there, `--numstat` 11 and 9. Then the index (--staged) and the working tree change more on top of feature.
source "$(dirname "$0")/lib.sh" "$1"
lines 20 edits > edits.txt
lines 10 insert > insert.txt
lines 12 delete > delete.txt
lines 40 many > many.txt
printf 'first\nlast without newline' > no-newline.txt
printf 'keeps\nits newline\n' > gains-newline.txt
printf 'one\r\ntwo\r\nthree\r\n' > crlf.txt
printf 'a b\n\tc\nd\n' > spaces.txt
lines 30 moved > old-name.txt
lines 3 mode > mode.sh
printf 'bin\0ary\n' > data.bin
printf '' > empty-then-full.txt
lines 4 full > full-then-empty.txt
lines 5 doomed > deleted.txt
lines 3 target > target.txt
ln -s target.txt link
lines 4 becomes > becomes-link.txt
printf '1\n2\na\n\nb\n3\n4\n' > indent.txt
cat > patience.c <<'C'
#include <stdio.h>

// Frobs foo heartily
int frobnitz(int foo)
{
    int i;
    for(i = 0; i < 10; i++)
    {
        printf("Your answer is: ");
        printf("%d\n", foo);
    }
}

int fact(int n)
{
    if(n > 1)
    {
        return fact(n-1) * n;
    }
    return 1;
}

int main(int argc, char **argv)
{
    frobnitz(fact(10));
}
C
# tail.h OLD|NEW: a comment block changed, then 40 long comment blocks.
tail_h() {
  local i long
  long=$(printf 'x%.0s' {1..380})
  echo 'int unique_before(void);'
  echo '/*'
  if [ "$1" = old ]; then
    for i in 0 1 2 3 4 5; do echo " * old comment $i"; done
    printf ' */\nint find(int a, int b);\nint find_old(void);\n'
  else
    for i in 0 1 2 3 4 5 6; do echo " * new comment $i"; done
    printf ' */\nint find(int a,\n\t int b);\nint find_new(void);\n'
  fi
  echo 'int unique_after(void);'
  for ((i = 0; i < 40; i++)); do printf '/**\n * Thing %d: %s\n */\nint thing%d(void);\n' "$i" "$long" "$i"; done
}
tail_h old > tail.h
lines 6 staged > staged.txt
lines 6 worktree > worktree.txt
commit base
git checkout -q -b feature
sed -i -e '1s/.*/edited first/' -e '10s/.*/edited middle/' -e '20s/.*/edited last/' edits.txt
{ echo top; head -5 insert.txt; echo middle; echo middle again; tail -5 insert.txt; echo bottom; } > insert.tmp && mv insert.tmp insert.txt
sed -i -e '1d' -e '6,7d' -e '12d' delete.txt
sed -i -e '3s/$/ changed/' -e '8d' -e '15a\
inserted' -e '22,24s/line/LINE/' -e '31d' -e '40s/.*/end/' many.txt
printf 'first\nlast changed without newline' > no-newline.txt
printf 'keeps\nits newline' > gains-newline.txt
printf 'one\r\nTWO\r\nthree\r\nfour\r\n' > crlf.txt
printf 'a  b\n    c\nd \n' > spaces.txt
git mv old-name.txt new-name.txt
sed -i -e '2s/.*/renamed and edited/' -e '29a\
appended' new-name.txt
chmod +x mode.sh
printf 'bin\0ary\nchanged\n' > data.bin
lines 3 full > empty-then-full.txt
printf '' > full-then-empty.txt
git rm -q deleted.txt
lines 7 added > added.txt
printf '' > added-empty.txt
ln -sfn edits.txt link
rm becomes-link.txt && ln -s target.txt becomes-link.txt
printf '1\n2\na\n\nb\na\n\nb\n3\n4\n' > indent.txt
cat > patience.c <<'C'
#include <stdio.h>

int fib(int n)
{
    if(n > 2)
    {
        return fib(n-1) + fib(n-2);
    }
    return 1;
}

// Frobs foo heartily
int frobnitz(int foo)
{
    int i;
    for(i = 0; i < 10; i++)
    {
        printf("%d\n", foo);
    }
}

int main(int argc, char **argv)
{
    frobnitz(fib(10));
}
C
tail_h new > tail.h
commit feature
git checkout -q main
sed -i '5s/.*/main moved on/' staged.txt
commit "main moves on"
git checkout -q feature
sed -i -e '2s/.*/staged edit/' -e '6d' staged.txt
lines 2 new-staged > new-staged.txt
git add staged.txt new-staged.txt
sed -i -e '1i\
worktree top' -e '4d' worktree.txt
printf 'one\r\nTWO\r\nthree\r\nfour\r\nfive\r\n' > crlf.txt
printf 'untracked\n' > untracked.txt
