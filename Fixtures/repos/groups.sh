# For --filters: main has backend/, frontend/, docs/ and the filters file .github/filters.yml;
# feature edits backend/api.go, adds frontend/app.ts and docs/guide.md, renames
# backend/legacy.go out of backend/ (to tools/legacy.go), and edits README.md, which no
# group holds.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p backend frontend docs .github
lines 3 api > backend/api.go
lines 20 legacy > backend/legacy.go
lines 2 index > frontend/index.ts
lines 2 readme > README.md
cat > .github/filters.yml <<'YAML'
backend:
  - 'backend/**'
  - '!backend/**/*.md'
frontend: &frontend
  - 'frontend/**'
web:
  - *frontend
  - 'docs/**'
added:
  - added: '**'
untouched: 'vendor/**'
YAML
commit base
git checkout -q -b feature
echo edit >> backend/api.go
lines 2 app > frontend/app.ts
lines 2 guide > docs/guide.md
mkdir -p tools
git mv backend/legacy.go tools/legacy.go
echo edit >> README.md
commit feature
git checkout -q main
