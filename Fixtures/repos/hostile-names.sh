# File names that must not reach a terminal as control sequences or Markdown as markup.
source "$(dirname "$0")/lib.sh" "$1"
echo base > plain.txt && commit base
mkdir -p 'dir with spaces' 'naïve'
echo x > 'dir with spaces/file name.txt'
echo x > "$(printf 'tab\there.txt')"
echo x > "$(printf 'new\nline.txt')"
echo x > "$(printf 'esc\033[31mred.txt')"
echo x > 'quote"d.txt'
echo x > 'naïve/café.md'
echo x > "$(printf 'latin1-\351.txt')"
echo x > '*bold* [link](x) <b>.md'
echo x > "$(printf 'carriage\rreturn.txt')"
commit hostile
