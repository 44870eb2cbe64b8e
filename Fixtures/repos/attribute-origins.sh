# gitattributes lines that override one another, for `treereview explain`'s attribute lines:
# later lines over earlier ones, a subdirectory's file over the top's, a pattern with a slash
# anchored at its file's directory, `**`, a directory pattern (which names
# no file), a macro, `!attr` putting an attribute back to unspecified, and
# $GIT_DIR/info/attributes over everything. HEAD~ has the files; HEAD changes each of them.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p sub/deep/x docs gen
cat > .gitattributes <<'ATTR'
# the top's attributes
[attr]made linguist-generated -linguist-vendored
*.c linguist-generated
sub/*.c -linguist-generated
**/deep/**/*.h linguist-vendored
docs/ linguist-documentation
docs/*.md linguist-documentation
*.pb made
*.reset linguist-generated
keep.reset !linguist-generated
/top.js linguist-vendored
ATTR
printf '*.c linguist-vendored\nlocal.h -linguist-vendored\n' > sub/.gitattributes
for file in a.c sub/b.c sub/deep/c.c sub/deep/x/d.h sub/deep/x/local.h docs/guide.md docs/x.txt \
    gen/api.pb drop.reset keep.reset top.js sub/top.js vendor/v.js; do
    mkdir -p "$(dirname "$file")"
    lines 2 "$file" > "$file"
done
commit base
for file in a.c sub/b.c sub/deep/c.c sub/deep/x/d.h sub/deep/x/local.h docs/guide.md docs/x.txt \
    gen/api.pb drop.reset keep.reset top.js sub/top.js vendor/v.js; do
    echo changed >> "$file"
done
commit change
mkdir -p .git/info
printf 'top.js -linguist-vendored\n' > .git/info/attributes
