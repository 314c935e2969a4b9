#!/bin/sh
# subgrid.sh [ETERNITY2]: the sub-grid placement counts of the official board
# (eternity2's README): for each block, the fillings with all pieces, without
# the centre clue's piece, and with the five clues (those in the block
# pinned); for a corner, the last split by the corner piece in its corner
# cell (the four rotations tried: only the one that fits counts). ETERNITY2 is
# the program, with any flags ("bin/eternity2 -compiled"); with SUBGRID_QUICK
# set, only the blocks that take under a second.
set -eu
e2=${1:-eternity2}
case $e2 in /*) ;; */*) e2=$PWD/$e2;; esac # a path from here, before the cd
quick=${SUBGRID_QUICK:-}
cd "$(dirname "$0")"
# count SPEC BOARD: the fillings of block SPEC; a failed run stops the table.
count() {
  out=$($e2 -all -block "$@") || { echo "subgrid.sh: block $1 of ${2:-stdin}: $e2 failed" >&2; kill $$; exit 1; }
  printf '%s\n' "$out" | sed -n 's/^solutions //p'
}
clues='hint 135 138 0
hint 210 180 1
hint 34 207 1
hint 221 248 2
hint 45 254 1'
for size in 2 3 4; do
  far=$((16 - size))
  for block in "tl 0 0 $size" "tr $far 0 $size" "br $far $far $size" "bl 0 $far $size" \
               "side $((8 - size / 2)) 0 $size" "middle 4 4 $size"; do
    set -- $block
    key=${size}x$size-$1 spec=${size}x$size+$2+$3
    case $key in 3x3-middle|4x4-side|4x4-middle) continue;; esac
    case $quick$key in ?*3x3-side|?*4x4-*) continue;; esac
    line="$key"
    case $key in 4x4-*) line="$line - -";;
      *) line="$line $(count $spec e2pieces.txt) $(count $spec official_centreclue.json)";; esac
    line="$line $(count $spec official_5clue.json)"
    case $1 in tl|tr|br|bl)
      row=$3 col=$2
      case $1 in bl|br) row=$((row + size - 1));; esac
      case $1 in tr|br) col=$((col + size - 1));; esac
      for piece in 0 1 2 3; do
        n=0
        for rot in 0 1 2 3; do
          n=$((n + $(printf '%s\n%s\nhint %d %d %d\n' "$(cat e2pieces.txt)" "$clues" $((row * 16 + col)) $piece $rot | count $spec -)))
        done
        line="$line $n"
      done;;
    esac
    echo "$line"
  done
done
[ -n "$quick" ] || echo "3x3-encircle - $(count 3x3+6+7 official_centreclue.json) $(count 3x3+6+7 official_5clue.json)"
