# Tags whose `git show` carries a signature: an annotated tag whose message holds a PGP
# signature block, and a tag signed with an SSH key made for the occasion.
source "$(dirname "$0")/../repos/lib.sh" "$1"
mkdir -p src
echo one > src/a.c && echo two > README.md && commit base
echo changed >> src/a.c && git mv README.md README.txt && echo new > src/b.c && commit change
git tag -a pgp-block -m "release 1.0

-----BEGIN PGP SIGNATURE-----

iQEzBAABCAAdFiEE/k1X+aBcD/eF9hIjKlMnOpQrStU/vWxYz0AbCdEfGhIjKlMnOp
QrStUvWxYz+/0123456789abcdefABCDEF/ghIJKLmnOPqrsTUVwxyz+0123456789
=AbCd
-----END PGP SIGNATURE-----"
ssh-keygen -q -t ed25519 -N '' -C fixture -f .git/fixture-key
git -c gpg.format=ssh -c user.signingkey=.git/fixture-key tag -s ssh-signed -m "release 1.0, signed"
