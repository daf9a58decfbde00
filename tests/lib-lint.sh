# lib-lint.sh - helpers for the t31NN-trailer-lint-*.sh tests; source it
# after lib.sh.
#
#   lint_repo                  make $TRASH/repo: a base commit "zone: add the
#                              watermark" ($BASE: its 12-hex id, $BASE_SUBJ)
#   lint_case RULE fires|quiet LINE [commit-only] < MESSAGE
#                              commit MESSAGE in $TRASH/repo (verbatim), lint
#                              HEAD as a commit and as its `git format-patch`
#                              mail; RULE is reported at LINE of the commit
#                              message (in the mail: the line it is on there,
#                              the subject's on the Subject: header), or
#                              (quiet) not at all.  "-"
#                              as LINE: any line.  Both runs must finish with
#                              a summary line (so quiet cannot pass by a crash).
#                              LINT_AUTHOR / LINT_COMMITTER ("Name <addr>")
#                              give the author and the committer (the mail is
#                              then sent --from the committer); LINT_ARGS are
#                              more arguments for both runs.  Outputs:
#                              $TRASH/commit.out, $TRASH/mail.out.
#   lint_out RULE FILE         the lines of FILE reported under RULE
#   lint_expect [commit|mail] <EXPECT
#                              the whole report of the last lint_case, on
#                              the commit (default) or on the mail, is
#                              EXPECT, with the 12-hex commit id that starts
#                              a line as <id12> and the leading $TRASH/ left
#                              out of the mail's name

lint_repo() {
	test_repo "$TRASH/repo" &&
	(cd "$TRASH/repo" && printf 'w\n' >zone.c && git add zone.c && test_tick &&
	 git commit -q -m "zone: add the watermark") &&
	BASE=$(git -C "$TRASH/repo" rev-parse --short=12 HEAD) &&
	BASE_SUBJ="zone: add the watermark" &&
	export BASE BASE_SUBJ
}

lint_expect() {
	sed -e "s|^$TRASH/||" -e 's/^[0-9a-f]\{12\}:/<id12>:/' "$TRASH/${1:-commit}.out" >"$TRASH/lint.got" &&
	cat >"$TRASH/lint.want" &&
	test_cmp "$TRASH/lint.want" "$TRASH/lint.got"
}

lint_out() {
	grep -E "^[^ ]+:[0-9]+: (error|warning|info): $1: " "$2"
}

lint_case() {
	lc_rule=$1 lc_want=$2 lc_line=$3 lc_only=${4:-}
	cat >"$TRASH/case.msg" || return 1
	(
		cd "$TRASH/repo" || exit 1
		if [ -n "${LINT_COMMITTER:-}" ]; then
			GIT_COMMITTER_NAME=${LINT_COMMITTER% <*}
			GIT_COMMITTER_EMAIL=${LINT_COMMITTER#*<}
			GIT_COMMITTER_EMAIL=${GIT_COMMITTER_EMAIL%>}
			export GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL
		fi
		printf 'x\n' >>zone.c && git add zone.c && test_tick &&
		git commit -q --cleanup=verbatim --allow-empty-message -F "$TRASH/case.msg" \
			${LINT_AUTHOR:+"--author=$LINT_AUTHOR"} &&
		git format-patch -q -1 --stdout ${LINT_COMMITTER:+"--from=$LINT_COMMITTER"} HEAD \
			>"$TRASH/case.patch" &&
		{ quill trailer lint $LINT_ARGS HEAD >"$TRASH/commit.out" 2>"$TRASH/commit.err";
		  test $? -le 1; } &&
		{ quill trailer lint $LINT_ARGS "$TRASH/case.patch" >"$TRASH/mail.out" 2>"$TRASH/mail.err";
		  test $? -le 1; }
	) || { cat "$TRASH/commit.err" "$TRASH/mail.err" 2>/dev/null; return 1; }
	grep -q '^total: ' "$TRASH/commit.out" || { echo "no summary (commit)"; return 1; }
	grep -q '^total: ' "$TRASH/mail.out" || { echo "no summary (mail)"; return 1; }
	# the mail's lines: the Subject: header for line 1; the body (after
	# an in-body From: and its blank line, when the sender is not the
	# author) for line 3 on
	lc_mline=-
	if [ "$lc_line" != - ]; then
		lc_hdr=$(grep -n -m1 '^$' "$TRASH/case.patch" | cut -d: -f1)
		lc_body=$((lc_hdr + 1))
		if sed -n "${lc_body}p" "$TRASH/case.patch" | grep -q '^From: '; then
			lc_body=$((lc_body + 2))
		fi
		if [ "$lc_line" = 1 ]; then
			lc_mline=$(grep -n -m1 '^Subject: ' "$TRASH/case.patch" | cut -d: -f1)
		else
			lc_mline=$((lc_body + lc_line - 3))
		fi
	fi
	case $lc_want in
	fires)
		if [ "$lc_line" = - ]; then lc_pat="[0-9]+"; else lc_pat=$lc_line; fi
		grep -Eq "^[0-9a-f]{12}:$lc_pat: (error|warning|info): $lc_rule: " "$TRASH/commit.out" ||
			{ echo "commit: no $lc_rule at line $lc_line:"; cat "$TRASH/commit.out"; return 1; }
		[ "$lc_only" = commit-only ] && return 0
		if [ "$lc_mline" = - ]; then lc_pat="[0-9]+"; else lc_pat=$lc_mline; fi
		grep -Eq "case\\.patch:$lc_pat: (error|warning|info): $lc_rule: " "$TRASH/mail.out" ||
			{ echo "mail: no $lc_rule at line $lc_mline:"; cat "$TRASH/mail.out"; return 1; }
		;;
	quiet)
		if lint_out "$lc_rule" "$TRASH/commit.out"; then
			echo "commit: $lc_rule reported"; return 1
		fi
		[ "$lc_only" = commit-only ] && return 0
		if lint_out "$lc_rule" "$TRASH/mail.out"; then
			echo "mail: $lc_rule reported"; return 1
		fi
		;;
	*) echo "lint_case: fires or quiet, not $lc_want"; return 1 ;;
	esac
	return 0
}
