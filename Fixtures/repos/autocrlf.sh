# `core.autocrlf` with no attributes: files committed with LF rewritten with CRLF (one only
# so, one with a line added), a file whose index blob has CRLF (never converted), and a
# binary file with CRLF. The script's second argument is the setting (true or input).
source "$(dirname "$0")/lib.sh" "$1"
printf 'a\nb\n' > lf.txt
printf 'e\nf\n' > grown.txt
printf 'c\r\nd\r\n' > crlf-in-index.txt
printf '\0bin\r\n' > binary.dat
commit base
git config core.autocrlf "${2:-true}"
printf 'a\r\nb\r\n' > lf.txt
printf 'e\r\nf\r\ng\r\n' > grown.txt
printf 'c\r\nd\r\nx\r\n' > crlf-in-index.txt
printf '\0bin\r\n\r\n' > binary.dat
