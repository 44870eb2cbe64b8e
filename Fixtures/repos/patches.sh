# What a file's patch must print exactly as git does: function names in hunk headers (long,
# and one that is not UTF-8), missing newlines at the end, whitespace errors (trailing blanks,
# a space before a tab, blank lines added at the end), CRLF lines, control characters in
# content, binary files, an empty file, a deleted file, mode changes, a rename with a mode
# change, a type change, a name with a space. HEAD~1..HEAD changes them all; the index and
# the working tree change some again. `ws.txt` has a `whitespace` attribute of its own.
source "$(dirname "$0")/lib.sh" "$1"
func() { # N lines of a C-like file whose function headers start at column 0
    local i; for ((i = 1; i <= $1; i++)); do
        if ((i % 10 == 1)); then echo "int function_number_$i(void)   "; else echo "    statement $i;"; fi
    done
}
func 60 > code.c
printf 'static int a_very_long_function_name_that_goes_on_and_on_past_eighty_columns_of_text(int argument)\n' > long.c
for i in $(seq 1 12); do echo "    body $i;" >> long.c; done
printf 'caf\351_function(void)\n' > latin1.c
for i in $(seq 1 12); do echo "    body $i;" >> latin1.c; done
printf 'one\ntwo\nthree' > no-newline.txt
printf 'keep\nlast' > gains-newline.txt
printf 'keep\nlast\n' > loses-newline.txt
printf 'going\naway' > deleted.txt
printf 'a\nb\nc\n' > ws.txt
printf 'a\nb\nc\n' > blank-eof.txt
printf 'line one\r\nline two\r\n' > crlf.txt
printf 'plain\n' > control.txt
printf 'bin\000ary\001\002' > data.bin
printf 'echo hi\n' > tool.sh
printf 'mode only\n' > mode-only.txt
printf 'to be moved and made executable\nwith a second line\nand a third\n' > moved.sh
printf 'becomes a link\n' > typechange
mkdir -p 'with space'
printf 'spaced\n' > 'with space/file name.txt'
printf 'ws.txt whitespace=trailing-space,-space-before-tab,tab-in-indent\n' > .gitattributes
commit base
func 60 | sed 's/statement 15;/statement 15 changed;/; s/statement 44;/statement 44 changed;/' > code.c
sed -i 's/body 9;/body 9 changed;/' long.c latin1.c
printf 'one\ntwo\nthree\nfour' > no-newline.txt
printf 'keep\nlast\n' > gains-newline.txt
printf 'keep\nlast' > loses-newline.txt
printf 'a\nb  \n \tc\n\tindented\n' > ws.txt
printf 'a\nb  \n \tc\n\n\n' > blank-eof.txt
printf 'line one\r\nline 2 \r\nline three\r\n' > crlf.txt
printf 'plain\n\033[31mred\033[0m and \a bell\n' > control.txt
printf 'bin\000ary\001\003' > data.bin
: > empty.txt
chmod +x tool.sh mode-only.txt
git mv moved.sh renamed.sh && chmod +x renamed.sh
rm typechange && ln -s code.c typechange
printf 'spaced\nmore\n' > 'with space/file name.txt'
printf 'new\nfile\n' > added.txt
rm deleted.txt
commit change
printf 'staged change\n' >> added.txt && git add added.txt
printf 'working change\n' >> code.c
printf '\n\n' >> ws.txt
printf 'untracked\nfile  \n' > untracked.txt
ln -s nowhere untracked-link
