# Names a shell, a CSV reader or a JSON reader must take back exactly: quotes of both
# kinds, commas, dollars, backquotes, backslashes, tabs and newlines (the action's
# <group>_files outputs in each list-files form).
source "$(dirname "$0")/lib.sh" "$1"
echo start > README && commit base
echo x > plain.txt
echo x > "it's here.txt"
echo x > 'say "hi".txt'
echo x > 'a,b.txt'
echo x > 'cost $5 `now`.txt'
echo x > "$(printf 'tab\there.txt')"
echo x > "$(printf 'two\nlines.txt')"
echo x > "mixed 'q' \"d\".txt"
echo x > 'back\slash.txt'
commit "shell names"
