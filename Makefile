# Build and install treereview as Unix tools are: `make && sudo make install`.
# PREFIX (default /usr/local) and DESTDIR (for staging and packaging) are honored;
# BIN names an already-built binary to install (it is built only when missing).
# git-treereview (a symbolic link) makes it `git treereview`, and git-treereview.1 (a `.so`
# page) what `git help treereview` opens.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
INSTALL ?= install
BIN ?= .build/release/treereview

bindir = $(PREFIX)/bin
man1dir = $(PREFIX)/share/man/man1
bashcompletiondir = $(PREFIX)/share/bash-completion/completions
zshcompletiondir = $(PREFIX)/share/zsh/site-functions
fishcompletiondir = $(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build install uninstall

all: build

build:
	$(SWIFT) build -c release --static-swift-stdlib --product treereview

$(BIN):
	$(SWIFT) build -c release --static-swift-stdlib --product treereview

install: $(BIN)
	$(INSTALL) -d "$(DESTDIR)$(bindir)" "$(DESTDIR)$(man1dir)" "$(DESTDIR)$(bashcompletiondir)" \
		"$(DESTDIR)$(zshcompletiondir)" "$(DESTDIR)$(fishcompletiondir)"
	$(INSTALL) -m 755 "$(BIN)" "$(DESTDIR)$(bindir)/treereview"
	ln -sf treereview "$(DESTDIR)$(bindir)/git-treereview"
	$(INSTALL) -m 644 Docs/treereview.1 "$(DESTDIR)$(man1dir)/treereview.1"
	echo '.so man1/treereview.1' > "$(DESTDIR)$(man1dir)/git-treereview.1"
	"$(BIN)" completion bash > "$(DESTDIR)$(bashcompletiondir)/treereview"
	"$(BIN)" completion zsh > "$(DESTDIR)$(zshcompletiondir)/_treereview"
	"$(BIN)" completion fish > "$(DESTDIR)$(fishcompletiondir)/treereview.fish"
	chmod 644 "$(DESTDIR)$(man1dir)/git-treereview.1" "$(DESTDIR)$(bashcompletiondir)/treereview" \
		"$(DESTDIR)$(zshcompletiondir)/_treereview" "$(DESTDIR)$(fishcompletiondir)/treereview.fish"

uninstall:
	rm -f "$(DESTDIR)$(bindir)/treereview" "$(DESTDIR)$(bindir)/git-treereview" \
		"$(DESTDIR)$(man1dir)/treereview.1" "$(DESTDIR)$(man1dir)/git-treereview.1" \
		"$(DESTDIR)$(bashcompletiondir)/treereview" "$(DESTDIR)$(zshcompletiondir)/_treereview" \
		"$(DESTDIR)$(fishcompletiondir)/treereview.fish"
