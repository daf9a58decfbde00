# lib-reply.sh - posted series and their replies as mail, for the review,
# trailer and report tests; source it after lib.sh.
#
#   msgid_of MBOX TEXT     the Message-ID (without <>) of the first mail of
#                          MBOX whose Subject holds TEXT
#   reply FROM DATE MSGID SUBJECT PARENT [REFS]
#                          a reply mail (body on stdin) as an mboxrd entry
#                          on stdout, In-Reply-To PARENT, References REFS
#                          then PARENT

msgid_of() {
	python3 - "$1" "$2" <<-\EOF
	import re, sys
	text = open(sys.argv[1], encoding="utf-8").read()
	for m in re.split(r"\n(?=From [0-9a-f]{40} )", text):
	    head = m.split("\n\n", 1)[0]
	    subj = re.search(r"^Subject: (.*)$", head, re.M)
	    if subj and sys.argv[2] in subj.group(1):
	        print(re.search(r"^Message-ID: <([^>]*)>", head, re.M | re.I).group(1))
	        break
	EOF
}

reply() {
	printf 'From mboxrd@z Thu Jan  1 00:00:00 1970\n'
	printf 'From: %s\nTo: ada@example.org\nSubject: %s\n' "$1" "$4"
	printf 'Date: %s\nMessage-ID: <%s>\nIn-Reply-To: <%s>\n' "$2" "$3" "$5"
	printf 'References: %s<%s>\n\n' "${6:+$6 }" "$5"
	cat
	printf '\n'
}
