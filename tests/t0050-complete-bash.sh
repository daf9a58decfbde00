#!/bin/sh
# bash completion (contrib/completion/quill.bash) in a real bash: the
# nouns, each noun's verbs, a command's options (as its --help lists them,
# so that the completion cannot drift from the commands), series names from
# a scratch repository, and `git quill` through git's own completion.  The
# completion asks ./quill (the front) for all of it: quill --list-cmds and
# quill NOUN VERB --list-opts.
. "$(dirname "$0")/lib.sh"

command -v bash >/dev/null || skip_all 'no bash here'
COMPLETION=$QUILL_BUILD_DIR/contrib/completion/quill.bash
GIT_COMPLETION=/usr/share/bash-completion/completions/git

# comp WORD...: complete the last WORD of the command line "WORD..." as
# bash does (COMP_WORDS as bash splits them: "--opt=v" is "--opt" "=" "v"),
# one reply a line
cat >comp.bash <<'EOF'
. "$COMPLETION"
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
_quill "$1"
[ ${#COMPREPLY[@]} = 0 ] || printf '%s\n' "${COMPREPLY[@]}"
EOF
# gitcomp WORD...: the same through git's completion (git's __git_main)
cat >gitcomp.bash <<'EOF'
. "$GIT_COMPLETION"
. "$COMPLETION"
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
__git_wrap__git_main
[ ${#COMPREPLY[@]} = 0 ] || printf '%s\n' "${COMPREPLY[@]}"
EOF
export COMPLETION GIT_COMPLETION
comp() { bash "$TRASH/comp.bash" "$@"; }
gitcomp() { bash "$TRASH/gitcomp.bash" "$@"; }

# the long options of a command's --help (its "Options:" paragraph; the
# description below may start a line with one): "--name", or "--name=" for
# one that takes a value
help_opts() {
	quill "$@" --help | sed -n '/^Options:$/,/^$/s/^  *\(-[a-zA-Z], \)\{0,1\}\(--[a-z][a-z0-9-]*=\{0,1\}\).*/\2/p' | sort -u
}

NOUNS=$(quill help | sed -n 's/^\([a-z][a-z0-9-]*\): .*/\1/p' | grep -vx usage)

test_expect_success 'quill <TAB>: help and the nouns of quill help' '
	{ echo help; echo "$NOUNS"; } >expect &&
	comp quill "" >out &&
	test_cmp expect out &&
	comp quill se >out &&
	echo series >expect && test_cmp expect out &&
	comp quill --v >out &&
	echo --version >expect && test_cmp expect out
'

test_expect_success 'quill help <TAB>: the nouns' '
	echo "$NOUNS" >expect &&
	comp quill help "" >out &&
	test_cmp expect out
'

for noun in $NOUNS; do
	test_expect_success "quill $noun <TAB>: the verbs of quill help $noun" "
		quill help $noun | sed -n 's/^  \([a-z0-9-]*\) .*/\1/p' >expect &&
		test -s expect &&
		comp quill $noun '' >out &&
		test_cmp expect out
	"
done

test_expect_success 'quill series new-<TAB>: new-version' '
	comp quill series new- >out &&
	echo new-version >expect && test_cmp expect out
'

# mail info and mail split run in the front itself; the others in the full binary
for cmd in "series show" "series edit" "mail info" "mail split" "trailer lint" "bench run" "review pull"; do
	test_expect_success "quill $cmd --<TAB>: the options of its --help" "
		help_opts $cmd >expect &&
		test -s expect &&
		comp quill $cmd -- | sort >out &&
		test_cmp expect out
	"
done

test_expect_success 'every command lists the options of its --help (--list-opts), outside a repository too' '
	quill --list-cmds >cmds &&
	test $(wc -l <cmds) -gt 30 &&
	while read noun verb; do
		quill $noun $verb --list-opts >list || { echo "$noun $verb: exit $?"; return 1; }
		grep -v "^--\( \|\$\)" list | sed "s/=.*/=/" | sort >got &&
		help_opts $noun $verb >expect &&
		test_cmp expect got &&
		test "$(grep -c "^--\( \|\$\)" list)" = 1 || { echo "$noun $verb: no operand line"; return 1; }
	done <cmds
'

test_expect_success '--list-opts ends with the synopsis of the operands' '
	quill series diff --list-opts | tail -n 1 >out &&
	echo "-- [NAME] [vA [vB]]" >expect && test_cmp expect out &&
	quill bench check --list-opts | tail -n 1 >out &&
	echo "--" >expect && test_cmp expect out
'

test_expect_success 'setup: a repository with three series' '
	test_repo r && cd r &&
	quill series new foo >/dev/null && git checkout -q main &&
	quill series new fix-bar >/dev/null && git checkout -q main &&
	quill series new other >/dev/null && git checkout -q main &&
	git tag v1.0
'

test_expect_success 'series names: an operand NAME, and --series' '
	cd r &&
	printf "%s\n" fix-bar foo other >expect &&
	comp quill series show "" >out && test_cmp expect out &&
	comp quill review show "" >out && test_cmp expect out &&
	comp quill bench show --series "" >out && test_cmp expect out &&
	comp quill trailer lint --series "" >out && test_cmp expect out &&
	printf "%s\n" fix-bar foo >expect &&
	comp quill series format f >out && test_cmp expect out &&
	comp quill series show --json f >out && test_cmp expect out &&
	comp quill series export f >out && test_cmp expect out
'

test_expect_success 'series names after --series= (bash splits the word at =)' '
	cd r &&
	printf "%s\n" fix-bar foo >expect &&
	comp quill bench run --series = f >out && test_cmp expect out &&
	comp quill bench run --series = "" >out && grep -qx other out
'

test_expect_success 'where no series name goes: none offered' '
	cd r &&
	comp quill series new "" >out && test_cmp /dev/null out &&
	comp quill bench show "" >out && test_cmp /dev/null out &&
	comp quill series export foo "" >out && test_cmp /dev/null out &&
	comp quill series show foo --version "" >out && test_cmp /dev/null out &&
	comp quill bench run foo -- "" >out && test_cmp /dev/null out
'

test_expect_success 'a revision: refs' '
	cd r &&
	comp quill series new x --base v >out &&
	echo v1.0 >expect && test_cmp expect out
'

test_expect_success 'outside a repository: no series, no error' '
	mkdir -p none && cd none &&
	GIT_CEILING_DIRECTORIES=$TRASH comp quill series show "" >out 2>err &&
	test_cmp /dev/null out && test_cmp /dev/null err
'

if [ -f "$GIT_COMPLETION" ]; then
	test_expect_success 'git quill <TAB>: through git'"$SQ"'s completion (_git_quill)' '
		cd r &&
		gitcomp git qui >out &&
		grep -qx "quill " out &&
		{ echo "help "; echo "$NOUNS" | sed "s/\$/ /"; } >expect &&
		gitcomp git quill "" >out && test_cmp expect out &&
		quill help series | sed -n "s/^  \([a-z0-9-]*\) .*/\1 /p" >expect &&
		gitcomp git quill series "" >out && test_cmp expect out &&
		printf "%s\n" "fix-bar " "foo " >expect &&
		gitcomp git quill series show f >out && test_cmp expect out &&
		gitcomp git quill bench run --series = f >out && test_cmp expect out &&
		gitcomp git -C "$TRASH/r" quill series show f >out && test_cmp expect out &&
		help_opts series show | sed "/=\$/!s/\$/ /" >expect &&
		gitcomp git quill series show -- | sort >out && test_cmp expect out
	'
else
	test_skip 'git quill <TAB>: through git'"$SQ"'s completion' "no $GIT_COMPLETION"
fi

test_expect_success 'make install: the completion where bash-completion and zsh look' '
	make -s -C "$QUILL_BUILD_DIR" install-files DESTDIR="$TRASH/dest" PREFIX=/opt/q >/dev/null &&
	cmp "$COMPLETION" dest/opt/q/share/bash-completion/completions/quill &&
	test "$(readlink dest/opt/q/share/bash-completion/completions/git-quill)" = quill &&
	cmp "$QUILL_BUILD_DIR/contrib/completion/_quill" dest/opt/q/share/zsh/site-functions/_quill &&
	test -f dest/opt/q/share/zsh/site-functions/_git-quill
'

# bash-completion loads a command's completion when it is first needed, and
# git's asks it for git-quill: the installed files, found as installed
if [ -f /usr/share/bash-completion/bash_completion ] && [ -f "$GIT_COMPLETION" ]; then
	test_expect_success 'installed: bash-completion loads it for quill and for git quill' '
		cat >loader.bash <<-\EOF &&
		. /usr/share/bash-completion/bash_completion
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
		if [ "$1" = git ]; then _completion_loader git; __git_wrap__git_main
		else _completion_loader quill; _quill quill; fi
		printf "%s\n" "${COMPREPLY[@]}"
		EOF
		cd r &&
		XDG_DATA_DIRS=$TRASH/dest/opt/q/share bash ../loader.bash quill series show f >out &&
		printf "%s\n" fix-bar foo >expect && test_cmp expect out &&
		XDG_DATA_DIRS=$TRASH/dest/opt/q/share bash ../loader.bash git quill series show f >out &&
		printf "%s\n" "fix-bar " "foo " >expect && test_cmp expect out
	'
else
	test_skip 'installed: bash-completion loads it' 'no bash-completion here'
fi

test_done
