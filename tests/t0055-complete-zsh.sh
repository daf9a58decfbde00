#!/bin/sh
# zsh completion (contrib/completion/_quill, _git-quill) in a real
# interactive zsh on a pseudo-terminal (zsh/zpty): a line is typed, then
# TAB, and the line as completion left it is read back.  Each line here
# has one completion, so the line shows it: nouns, verbs, options, series
# names, and `git quill` through zsh's own git completion.
. "$(dirname "$0")/lib.sh"

command -v zsh >/dev/null || skip_all 'no zsh here'
zsh -fc 'zmodload zsh/zpty' 2>/dev/null || skip_all 'zsh has no zsh/zpty'
COMPLETION_DIR=$QUILL_BUILD_DIR/contrib/completion
export COMPLETION_DIR

# zcomp LINE...: each LINE typed into one zsh, TAB, then the line printed
# as <<LINE>> (a widget on ^T) and cleared
cat >zcomp.zsh <<'EOF'
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z 'PS1= PROMPT= RPROMPT=; fpath=($COMPLETION_DIR $fpath); autoload -Uz compinit; compinit -u -D; show() { print -r -- "<""<$BUFFER>"">"; BUFFER=; zle accept-line }; zle -N show; bindkey "^T" show'
for line in "$@"; do
	zpty -w -n z "$line"$'\t'$'\x14'
	zpty -r z got '*<<*>>*' || exit 1
	print -r -- "${${got##*<<}%%>>*}"
done
zpty -d z
EOF
zcomp() { timeout 60 zsh -f "$TRASH/zcomp.zsh" "$@"; }

test_expect_success 'setup: a repository with two series' '
	test_repo r && cd r &&
	quill series new foo >/dev/null && git checkout -q main &&
	quill series new other >/dev/null && git checkout -q main
'

test_expect_success 'nouns, verbs, options: one completion each' '
	cd r &&
	zcomp "quill ser" "quill series sh" "quill series new-" "quill help be" \
		"quill series show --js" "quill bench run --ser" "quill mail info --enc" >out &&
	cat >expect <<-\EOF &&
	quill series 
	quill series show 
	quill series new-version 
	quill help bench 
	quill series show --json 
	quill bench run --series=
	quill mail info --encoding=
	EOF
	test_cmp expect out
'

test_expect_success 'series names: an operand, --series NAME, --series=NAME' '
	cd r &&
	zcomp "quill series show o" "quill review show f" "quill bench show --series o" \
		"quill bench run --series=f" >out &&
	cat >expect <<-\EOF &&
	quill series show other 
	quill review show foo 
	quill bench show --series other 
	quill bench run --series=foo 
	EOF
	test_cmp expect out
'

test_expect_success 'git quill: through zsh'"$SQ"'s git completion (_git-quill)' '
	cd r &&
	zcomp "git quill ser" "git quill series sh" "git quill series show o" >out &&
	cat >expect <<-\EOF &&
	git quill series 
	git quill series show 
	git quill series show other 
	EOF
	test_cmp expect out
'

test_done
