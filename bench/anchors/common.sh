# shellcheck shell=bash
# Sourced by the anchor build scripts: installs the Debian packages a build
# needs when they are missing, and unpacks one pinned commit of a public
# repository from a local git directory (a clone or a mirror: the scripts
# fetch nothing from the network themselves).

# need_packages PACKAGE...: apt-get installs the missing ones (as root, or
# through sudo).
need_packages() {
  local missing=() package
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing ${missing[*]}" >&2
  if [ "$(id -u)" -eq 0 ]; then
    apt-get install -y "${missing[@]}" >&2
  else
    sudo apt-get install -y "${missing[@]}" >&2
  fi
}

# unpack_commit SOURCE COMMIT DIR: writes COMMIT's tree from the git
# repository SOURCE (a clone's work tree or a bare mirror) into DIR,
# without the paths named in $SKIP (space separated): a mirror may lack
# their large blobs.
unpack_commit() {
  local source=$1 commit=$2 dir=$3 path pathspec=(.)
  for path in ${SKIP:-}; do pathspec+=(":!$path"); done
  git -C "$source" cat-file -e "$commit^{commit}" 2>/dev/null ||
    { echo "$source holds no commit $commit (fetch the repository first)" >&2; return 1; }
  mkdir -p "$dir"
  git -C "$source" archive "$commit" -- "${pathspec[@]}" | tar -x -C "$dir"
}
