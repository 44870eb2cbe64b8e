# Working-tree files that git converts before it compares them with the index: `text=auto`
# and `text` files rewritten with CRLF (one only so, one with a line added), a touched file
# (stat data only), `$Id$` expanded (ident), a clean filter (`tr a-z A-Z`) whose output
# equals the index blob but for one line, a UTF-16LE file with `working-tree-encoding`, a
# file binary by its diff driver (`diff.bin.binary`), and a filter that fails without being
# required (the file is compared as it is).
source "$(dirname "$0")/lib.sh" "$1"
printf 'a\nb\nc\n' > auto.txt
printf 'one\ntwo\n' > grown.txt
printf 'x\ny\n' > touched.txt
printf 'text\n' > forced.txt
printf 'keep\n$Id$\nline\n' > ident.c
printf 'HELLO\nWORLD\n' > filtered.txt
printf 'plain\n' > driver.dat
printf 'kept\n' > broken.txt
printf 'h\xc3\xa9llo\nw\xc3\xb6rld\n' | iconv -f UTF-8 -t UTF-16LE > utf16.txt
cat > .gitattributes <<'ATTRIBUTES'
*.txt text=auto
forced.txt text
ident.c ident
filtered.txt filter=upper
broken.txt filter=broken
driver.dat diff=bin
utf16.txt working-tree-encoding=UTF-16LE
ATTRIBUTES
git config filter.upper.clean 'tr a-z A-Z'
git config filter.broken.clean false
git config diff.bin.binary true
commit base
printf 'a\r\nb\r\nc\r\n' > auto.txt
printf 'one\r\ntwo\r\nthree\r\n' > grown.txt
touch -d '2001-01-01' touched.txt
printf 'text\r\n' > forced.txt
printf 'keep\n$Id: 0123456789 $\nline\n' > ident.c
printf 'hello\nWorld\nmore\n' > filtered.txt
printf 'plain\nmore\n' > driver.dat
printf 'kept\nadded\n' > broken.txt
printf 'h\xc3\xa9llo\nw\xc3\xb6rld\nnew\n' | iconv -f UTF-8 -t UTF-16LE > utf16.txt
