# A monorepo of four ecosystems whose packages depend on each other by local paths and
# workspace names, for --packages and --affected:
#   npm (workspace root package.json, members packages/* and apps/*):
#     apps/web -> @acme/ui (workspace:*) -> @acme/core (workspace:^); apps/docs has no local deps
#   pnpm-workspace.yaml lists the same globs
#   Cargo (workspace-only root Cargo.toml, members crates/*):
#     crates/cli -> crates/engine (path) -> crates/base (workspace = true)
#   Go: services/api replaces example.com/shared with ../../libs/shared
#   SwiftPM: swift/App -> swift/Kit (.package(path:)); swift/Odd's manifest has a
#     .package(path:) that is not a string literal (a note) and depends on nothing we know
#   python/tool: a pyproject.toml with a uv path source to python/lib
# main is the base; feature changes crates/base, packages/core, libs/shared, swift/Kit,
# python/lib and a file of apps/docs, adds README.md at the top and pnpm-lock.yaml, and
# renames a file from apps/docs to packages/core; HEAD is feature.
source "$(dirname "$0")/lib.sh" "$1"
mkdir -p packages/core/src packages/ui/src apps/web/src apps/docs/pages crates/base/src crates/engine/src \
    crates/cli/src libs/shared services/api swift/Kit/Sources/Kit swift/App/Sources/App swift/Odd \
    python/lib/src python/tool
cat > package.json <<'JSON'
{
  "name": "acme",
  "private": true,
  "workspaces": ["packages/*", "apps/*"]
}
JSON
printf 'packages:\n  - "packages/*"\n  - apps/*\n' > pnpm-workspace.yaml
echo '{"name": "@acme/core", "version": "1.0.0"}' > packages/core/package.json
cat > packages/ui/package.json <<'JSON'
{
  "name": "@acme/ui",
  "dependencies": {
    "@acme/core": "workspace:^"
  }
}
JSON
cat > apps/web/package.json <<'JSON'
{
  "name": "web",
  "dependencies": {
    "@acme/ui": "workspace:*",
    "react": "^18.0.0"
  }
}
JSON
echo '{"name": "docs", "devDependencies": {"left-pad": "1.3.0"}}' > apps/docs/package.json
printf '[workspace]\nmembers = ["crates/*"]\n\n[workspace.dependencies]\nbase = { path = "crates/base" }\n' > Cargo.toml
printf '[package]\nname = "base"\nversion = "0.1.0"\n' > crates/base/Cargo.toml
printf '[package]\nname = "engine"\n\n[dependencies]\nbase = { workspace = true }\n' > crates/engine/Cargo.toml
printf '[package]\nname = "cli"\n\n[dependencies]\nengine = { path = "../engine" }\nserde = "1"\n' > crates/cli/Cargo.toml
printf 'module example.com/shared\n\ngo 1.22\n' > libs/shared/go.mod
printf 'module example.com/api\n\ngo 1.22\n\nrequire example.com/shared v0.0.0\n\nreplace example.com/shared => ../../libs/shared\n' > services/api/go.mod
printf '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: "Kit")\n' > swift/Kit/Package.swift
printf '// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(\n    name: "App",\n    dependencies: [.package(path: "../Kit")]\n)\n' > swift/App/Package.swift
printf '// swift-tools-version:5.9\nimport PackageDescription\nlet root = "../Kit"\nlet package = Package(\n    name: "Odd",\n    dependencies: [.package(path: root)]\n)\n' > swift/Odd/Package.swift
printf '[project]\nname = "lib"\n' > python/lib/pyproject.toml
printf '[project]\nname = "tool"\n\n[tool.uv.sources]\nlib = { path = "../lib" }\n' > python/tool/pyproject.toml
for file in packages/core/src/index.ts packages/ui/src/button.ts apps/web/src/main.ts apps/docs/pages/intro.md \
    apps/docs/pages/moved.md crates/base/src/lib.rs crates/engine/src/lib.rs crates/cli/src/main.rs \
    libs/shared/shared.go services/api/main.go swift/Kit/Sources/Kit/Kit.swift swift/App/Sources/App/main.swift \
    python/lib/src/lib.py python/tool/tool.py; do
    lines 4 "$file" > "$file"
done
commit base
git checkout -q -b feature
for file in crates/base/src/lib.rs packages/core/src/index.ts libs/shared/shared.go swift/Kit/Sources/Kit/Kit.swift \
    python/lib/src/lib.py apps/docs/pages/intro.md; do
    echo "changed on feature" >> "$file"
done
git mv apps/docs/pages/moved.md packages/core/src/moved.md
lines 2 readme > README.md
lines 2 lock > pnpm-lock.yaml
commit feature
