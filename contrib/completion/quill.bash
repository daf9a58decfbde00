# bash completion for quill and `git quill`.
#
# Installed by `make install` as $(DATADIR)/bash-completion/completions/quill
# (and git-quill, the name bash-completion loads for `git quill`); or
# source this file from ~/.bashrc.  It keeps no lists of its own: the
# commands come from `quill --list-cmds`, a command's options and operands
# from `quill NOUN VERB --list-opts` (both hidden; cmd/main.c, cmd/opt.c),
# series names from the refs under refs/quill/series/.
#
# `git quill <TAB>` works through git's own completion, which calls
# _git_quill with words, cword and cur set (the words joined at '=').

# git, as git's completion runs it for `git -C DIR quill` when it is there
__quill_git() {
	if [ -n "${__quill_in_git:-}" ] && declare -F __git >/dev/null; then
		__git "$@"
	else
		git "$@" 2>/dev/null
	fi
}

# __quill_values NOUN VERB KIND [OPTION]: the values of a placeholder of
# --list-opts (an option's ARG, or an operand of the synopsis), one a line;
# none where files (the shell's default) or free text go.
__quill_values() {
	case "$3" in
	SERIES) __quill_git for-each-ref --format='%(refname:strip=3)' refs/quill/series/ ;;
	NAME)
		# a series' name, but for a new series, a benchmark, a branch
		case "$1 $2 ${4:-}" in
		"series new "* | bench* | *" --name" | *" --branch" | *" --metric" | *" --attach") ;;
		*) __quill_values "$1" "$2" SERIES ;;
		esac ;;
	REMOTE) __quill_git remote ;;
	REV | REVS | BRANCH | RANGE | REV-RANGE)
		__quill_git for-each-ref --format='%(refname:short)' refs/heads/ refs/tags/ refs/remotes/ ;;
	esac
}

# __quill_arg OPTION: the placeholder of the value OPTION takes, from the
# caller's opts (--list-opts); "" when it takes none, "-" when it is no option
__quill_arg() {
	local x
	for x in "${opts[@]}"; do
		case "$x" in
		"$1") echo ""; return ;;
		"$1="*) echo "${x#*=}"; return ;;
		esac
	done
	echo -
}

# __quill_takes OPTION: OPTION takes a value
__quill_takes() {
	local a
	a=$(__quill_arg "$1")
	[ -n "$a" ] && [ "$a" != - ]
}

# __quill_candidates QUILL... -- WORD...: the completions of the last WORD
# (the words after "quill"; QUILL: how to run it), one a line, not yet
# matched against it.  An option's value after '=' comes as "--opt=VALUE".
__quill_candidates() {
	local -a q=() w=() opts=() syn=() ops=()
	local cur noun verb line o i k a n
	while [ $# -gt 0 ] && [ "$1" != -- ]; do q+=("$1"); shift; done
	shift
	w=("$@")
	n=${#w[@]}
	cur=${w[n - 1]}
	if [ "$n" = 1 ]; then
		case "$cur" in
		-*) printf '%s\n' --help --version ;;
		*) echo help; "${q[@]}" --list-cmds 2>/dev/null | while read -r noun verb; do echo "$noun"; done | uniq ;;
		esac
		return
	fi
	noun=${w[0]}
	if [ "$n" = 2 ]; then
		"${q[@]}" --list-cmds 2>/dev/null | while read -r a verb; do
			if [ "$noun" = help ]; then echo "$a"; elif [ "$a" = "$noun" ]; then echo "$verb"; fi
		done | uniq
		return
	fi
	[ "$noun" = help ] && return
	verb=${w[1]}
	while IFS= read -r line; do
		case "$line" in
		-- | "-- "*) read -r -a syn <<<"${line#--}" ;;
		*) opts+=("$line") ;;
		esac
	done < <("${q[@]}" "$noun" "$verb" --list-opts 2>/dev/null)
	# the operands before cur, the options and their values left out
	k=0
	for ((i = 2; i < n - 1; i++)); do
		case "${w[i]}" in
		--) return ;;	# the rest is the command's own (bench run)
		--*=* | -) ;;
		-*) __quill_takes "${w[i]}" && i=$((i + 1)) ;;
		*) k=$((k + 1)) ;;
		esac
	done
	case "$cur" in
	--*=*)
		o=${cur%%=*}
		a=$(__quill_arg "$o")
		[ "$o" = --series ] && a=SERIES
		__quill_values "$noun" "$verb" "$a" "$o" | while read -r line; do echo "$o=$line"; done
		return ;;
	-*)
		for o in "${opts[@]}"; do
			case "$o" in *=*) echo "${o%%=*}=" ;; *) echo "$o" ;; esac
		done
		return ;;
	esac
	o=${w[n - 2]}
	case "$o" in
	--*=* | -) ;;
	-*)
		if __quill_takes "$o"; then
			a=$(__quill_arg "$o")
			[ "$o" = --series ] && a=SERIES
			__quill_values "$noun" "$verb" "$a" "$o"
			return
		fi ;;
	esac
	# operand k of the synopsis: its alternatives up to the first '|', the
	# options written in it (and their values) left out; a last one that
	# ends in "..." repeats
	for ((i = 0; i < ${#syn[@]}; i++)); do
		a=${syn[i]//[][]/}
		case "$a" in
		"|") break ;;
		--) ;;
		-*) __quill_takes "$a" && i=$((i + 1)) ;;
		*) ops+=("$a") ;;
		esac
	done
	[ ${#ops[@]} = 0 ] && return
	if [ "$k" -ge ${#ops[@]} ]; then
		case "${ops[-1]}" in *...) k=$((${#ops[@]} - 1)) ;; *) return ;; esac
	fi
	__quill_values "$noun" "$verb" "${ops[k]%...}"
}

# __quill_reply CUR [SUFFIX]: COMPREPLY from the candidates on stdin that
# start with CUR, each with SUFFIX but those that end in '=' (the value
# follows); without what bash took as a word of its own before the last
# '=' of CUR when COMP_WORDBREAKS has '='.
__quill_reply() {
	local c cut=
	case "$1" in
	*=*) case "$COMP_WORDBREAKS" in *=*) cut=${1%"${1##*=}"} ;; esac ;;
	esac
	COMPREPLY=()
	while IFS= read -r c; do
		case "$c" in
		"$1"*) ;;
		*) continue ;;
		esac
		case "$c" in *=) ;; *) c="$c${2:-}" ;; esac
		COMPREPLY+=("${c#"$cut"}")
	done
}

# complete -F: quill (or git-quill) as a command of its own
_quill() {
	local -a w=()
	local i join=
	# the words as typed: bash splits "--opt=value" at '='
	for ((i = 1; i <= COMP_CWORD; i++)); do
		case "${COMP_WORDS[i]}" in
		=*) w[${#w[@]} - 1]+=${COMP_WORDS[i]}; join=1 ;;
		*) if [ -n "$join" ]; then w[${#w[@]} - 1]+=${COMP_WORDS[i]}; else w+=("${COMP_WORDS[i]}"); fi; join= ;;
		esac
	done
	__quill_reply "${w[-1]}" < <(__quill_candidates "${COMP_WORDS[0]}" -- "${w[@]}")
	if [ ${#COMPREPLY[@]} = 1 ] && [ "${COMPREPLY[0]%=}" != "${COMPREPLY[0]}" ]; then
		compopt -o nospace 2>/dev/null
	fi
	return 0
}

# git's completion calls this for `git quill`; its complete adds no space
# itself (nospace): each whole word gets one here, as git's __gitcomp does
_git_quill() {
	local __quill_in_git=1
	local start=$((${__git_cmd_idx:-1} + 1))
	__quill_reply "$cur" " " < <(__quill_candidates git quill -- "${words[@]:start:cword - start + 1}")
}

complete -o bashdefault -o default -F _quill quill git-quill
