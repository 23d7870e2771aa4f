#!/usr/bin/env bash
# Regenerates the demo world's media under seed/media/ and its manifest.
#
# Documentation of how the committed files were made; `npm start` never runs it (the files are
# committed). Needs ffmpeg (libx264, libmp3lame), sox and ImageMagick 6 (`convert`):
#   apt-get install -y ffmpeg sox imagemagick
# Usage: bash scripts/generate-seed-media.sh
#
# Everything is synthesised: ImageMagick draws the artwork and avatars, seed/tools/synth.ts renders
# dry audio that sox finishes (reverb, EQ) and ffmpeg encodes, ffmpeg's audio-visualiser filters
# make the videos, and seed/tools/build-manifest.ts measures every file (size, dimensions,
# duration, 200-peak waveform) into seed/media/manifest.json and seed/world/media-manifest.ts.
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=seed/media
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

rm -rf "$OUT"
mkdir -p "$OUT"/{images,avatars,audio,video,products,files}

FONT_BOLD=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf

# Deterministic ImageMagick noise: every `plasma:`/`+noise` call is seeded.
IM="convert -seed 7"

jpeg() { # jpeg <in> <out> [quality]: strip metadata, progressive, 4:2:0.
  convert "$1" -strip -interlace Plane -sampling-factor 4:2:0 -quality "${3:-78}" "$2"
}

# ---- post artwork: 12 × 800×800 album-art-like images ------------------------------------------
echo "images…"
I=$OUT/images

# 1. Vinyl record on a warm gradient.
$IM -size 800x800 gradient:'#f7b267'-'#f25c54' \
  -fill '#111111' -draw 'circle 400,400 400,90' \
  -fill none -stroke '#2a2a2a' -strokewidth 2 \
  -draw 'circle 400,400 400,120' -draw 'circle 400,400 400,150' -draw 'circle 400,400 400,180' \
  -draw 'circle 400,400 400,210' -draw 'circle 400,400 400,240' -draw 'circle 400,400 400,270' \
  -stroke none -fill '#f4f1de' -draw 'circle 400,400 400,310' -fill '#111111' -draw 'circle 400,400 400,392' \
  -fill 'rgba(255,255,255,0.10)' -draw 'path "M 400,400 L 700,160 A 380,380 0 0,1 760,330 Z"' \
  "$TMP/vinyl.png"
jpeg "$TMP/vinyl.png" "$I/vinyl-sunset.jpg"

# 2. Synthwave sun over a perspective grid.
$IM -size 800x800 gradient:'#120136'-'#ff2e97' "$TMP/sky.png"
convert "$TMP/sky.png" \
  -fill '#ffd319' -draw 'circle 400,430 400,250' \
  -fill '#120136' -draw 'rectangle 0,450 800,460' -draw 'rectangle 0,480 800,492' -draw 'rectangle 0,512 800,528' \
  -fill '#1b0640' -draw 'rectangle 0,540 800,800' \
  -stroke '#ff2e97' -strokewidth 3 \
  -draw 'line 0,560 800,560' -draw 'line 0,590 800,590' -draw 'line 0,630 800,630' -draw 'line 0,690 800,690' -draw 'line 0,770 800,770' \
  -draw 'line 400,540 400,800' -draw 'line 340,540 160,800' -draw 'line 460,540 640,800' -draw 'line 280,540 -80,800' \
  -draw 'line 520,540 880,800' -draw 'line 220,540 -320,800' -draw 'line 580,540 1120,800' \
  "$TMP/synth.png"
jpeg "$TMP/synth.png" "$I/neon-horizon.jpg"

# 3. Mixing console: rows of faders and meters.
args=()
for k in $(seq 0 11); do
  x=$((40 + k * 62)); h=$(( (k * 37 % 200) + 80 ))
  args+=(-fill '#3a3f47' -draw "rectangle $((x + 22)),220 $((x + 28)),700")
  args+=(-fill '#d9d9d9' -draw "roundrectangle $((x + 5)),$((460 - h / 3)) $((x + 45)),$((490 - h / 3)) 4,4")
  args+=(-fill '#3ddc97' -draw "rectangle $((x + 8)),$((200 - h / 2)) $((x + 42)),200")
  args+=(-fill '#ffcf56' -draw "rectangle $((x + 8)),$((200 - h / 2)) $((x + 42)),$((200 - h / 2 + 12))")
  args+=(-fill '#6c757d' -draw "circle $((x + 25)),740 $((x + 25)),758")
done
$IM -size 800x800 gradient:'#1f2329'-'#0d0f12' "${args[@]}" "$TMP/console.png"
jpeg "$TMP/console.png" "$I/console-faders.jpg"

# 4. Soft plasma, blurred into a dreamy gradient (ambient cover).
$IM -size 200x200 plasma:'#5f0f40'-'#0f4c5c' -blur 0x6 -resize 800x800 -modulate 100,130 "$TMP/plasma.png"
jpeg "$TMP/plasma.png" "$I/dream-plasma.jpg"

# 5. Equaliser bars on black.
args=()
for k in $(seq 0 23); do
  x=$((30 + k * 31)); h=$(( 60 + (k * 53 % 17) * 22 + (k % 5) * 18 ))
  args+=(-fill "hsl($((k * 12)),80%,60%)" -draw "roundrectangle $x,$((680 - h)) $((x + 22)),680 6,6")
done
$IM -size 800x800 xc:'#0b0b0f' "${args[@]}" -fill '#ffffff' -draw 'rectangle 30,700 770,704' "$TMP/eq.png"
jpeg "$TMP/eq.png" "$I/eq-bars.jpg"

# 6. Speaker cone: concentric radial rings.
$IM -size 800x800 radial-gradient:'#4a4e69'-'#0b0c10' \
  -fill '#22223b' -draw 'circle 400,400 400,80' -fill '#2b2d42' -draw 'circle 400,400 400,140' \
  -fill '#1a1a2e' -draw 'circle 400,400 400,230' -fill '#9a8c98' -draw 'circle 400,400 400,330' \
  -fill '#f2e9e4' -draw 'circle 400,400 400,360' -blur 0x1 "$TMP/speaker.png"
jpeg "$TMP/speaker.png" "$I/speaker-cone.jpg"

# 7. Piano keys seen from above.
args=()
for k in $(seq 0 13); do args+=(-fill '#f8f9fa' -draw "rectangle $((k * 58 + 2)),250 $((k * 58 + 55)),800"); done
for k in 0 1 3 4 5 7 8 10 11 12; do args+=(-fill '#111111' -draw "rectangle $((k * 58 + 38)),250 $((k * 58 + 76)),560"); done
$IM -size 800x800 gradient:'#3c1642'-'#086375' "${args[@]}" "$TMP/keys.png"
jpeg "$TMP/keys.png" "$I/piano-keys.jpg"

# 8. Sine waves in layered colours.
args=()
for k in 0 1 2 3 4; do
  pts=""
  for x in $(seq 0 20 800); do
    y=$(awk -v x="$x" -v k="$k" 'BEGIN{printf "%d", 400 + (120 - k * 20) * sin(x / (60 + k * 25) + k)}')
    pts="$pts $x,$y"
  done
  args+=(-stroke "hsl($((170 + k * 30)),90%,60%)" -strokewidth $((10 - k)) -fill none -draw "polyline $pts")
done
$IM -size 800x800 xc:'#0a0f1e' "${args[@]}" "$TMP/waves.png"
jpeg "$TMP/waves.png" "$I/sine-layers.jpg"

# 9. Studio at night: warm bokeh lights over a dark room.
args=()
for k in $(seq 0 17); do
  x=$(( (k * 173) % 800 )); y=$(( (k * 97) % 500 + 100 )); r=$(( 20 + (k * 31) % 60 ))
  args+=(-fill "rgba($((200 + k * 3)),$((120 + k * 5)),60,0.45)" -draw "circle $x,$y $((x + r)),$y")
done
$IM -size 800x800 gradient:'#2b1d14'-'#0c0806' "${args[@]}" -blur 0x14 \
  -fill '#050505' -draw 'rectangle 0,620 800,800' -fill '#1c1c1c' -draw 'rectangle 120,560 680,640' \
  "$TMP/bokeh.png"
jpeg "$TMP/bokeh.png" "$I/studio-bokeh.jpg"

# 10. Halftone dots.
args=()
for row in $(seq 0 19); do for col in $(seq 0 19); do
  r=$(( 2 + (row + col) / 3 )); x=$((col * 40 + 20)); y=$((row * 40 + 20))
  args+=(-draw "circle $x,$y $((x + r)),$y")
done; done
$IM -size 800x800 xc:'#ffbe0b' -fill '#3a0ca3' "${args[@]}" -blur 0x1 "$TMP/halftone.png"
jpeg "$TMP/halftone.png" "$I/halftone-pop.jpg" 70

# 11. Geometric triangles (festival poster).
$IM -size 800x800 xc:'#0b3954' \
  -fill '#bfd7ea' -draw 'polygon 0,800 400,200 800,800' \
  -fill '#ff6663' -draw 'polygon 100,800 400,350 700,800' \
  -fill '#e0ff4f' -draw 'polygon 220,800 400,520 580,800' \
  -fill '#fefffe' -draw 'circle 620,170 620,110' "$TMP/tri.png"
jpeg "$TMP/tri.png" "$I/festival-peaks.jpg"

# 12. Microphone silhouette under a spotlight.
$IM -size 800x800 radial-gradient:'#6d597a'-'#1b1423' \
  -fill '#111111' -draw 'roundrectangle 330,170 470,400 70,70' \
  -fill '#2d2d2d' -draw 'rectangle 340,270 460,276' -draw 'rectangle 340,300 460,306' -draw 'rectangle 340,330 460,336' \
  -fill none -stroke '#111111' -strokewidth 16 -draw 'arc 300,250 500,470 0,180' \
  -stroke none -fill '#111111' -draw 'rectangle 392,470 408,700' -draw 'roundrectangle 300,690 500,715 10,10' \
  "$TMP/mic.png"
jpeg "$TMP/mic.png" "$I/mic-spotlight.jpg"

# ---- avatars: 256×256, one per demo profile ----------------------------------------------------
# Four styles cycle: linear gradient, radial gradient, blurred plasma, and an abstract face.
echo "avatars…"
AVATARS=(
  "demo|DP" "mayaokafor|MO" "kenjibeats|KW" "lenaschultz|LS" "diegoramirez|DR" "ameliawren|AW"
  "priyanair|PN" "tomasvega|TV" "chloedrums|CM" "jonahbrooks|JB" "saoirsebyrne|SB" "djkofi|KM"
  "ninakowalski|NK" "marcorossi|MR" "ingridfield|IH" "samfoley|SC" "eliasmoreau|EM" "yunapark|YP"
  "mixbyandre|AS" "fatimahaddad|FH" "rachelcohen|RC" "oskarlindqvist|OL" "harborstudios|HS"
  "bluehourrec|BH" "jadevocals|JT" "rafacosta|RC" "zaneahmed|ZA" "luciakeys|LT" "amaradiallo|AD"
  "thabonkosi|TN" "meilin|ML" "nikoloops|NP" "hannahbecker|HB" "omarfarouk|OF"
)
n=0
for entry in "${AVATARS[@]}"; do
  user=${entry%%|*}; initials=${entry##*|}
  h1=$(( (n * 47) % 360 )); h2=$(( (n * 47 + 70) % 360 ))
  c1="hsl($h1,70%,55%)"; c2="hsl($h2,75%,35%)"
  case $((n % 4)) in
    0) $IM -size 256x256 gradient:"$c1"-"$c2" "$TMP/av.png" ;;
    1) $IM -size 256x256 radial-gradient:"$c1"-"$c2" "$TMP/av.png" ;;
    2) $IM -size 64x64 plasma:"$c1"-"$c2" -blur 0x3 -resize 256x256 "$TMP/av.png" ;;
    3) $IM -size 256x256 gradient:"$c2"-"$c1" -fill 'rgba(255,255,255,0.85)' \
         -draw 'circle 128,105 128,55' -draw 'ellipse 128,256 90,80 180,360' "$TMP/av.png" ;;
  esac
  if [ $((n % 4)) -ne 3 ]; then
    convert "$TMP/av.png" -gravity center -font "$FONT_BOLD" -pointsize 96 \
      -fill 'rgba(0,0,0,0.25)' -annotate +3+5 "$initials" -fill white -annotate +0+0 "$initials" "$TMP/av.png"
  fi
  jpeg "$TMP/av.png" "$OUT/avatars/$user.jpg" 80
  n=$((n + 1))
done

# ---- audio: eight 14–19 s clips, MP3 96 kbps mono ----------------------------------------------
echo "audio…"
npx tsx seed/tools/synth.ts "$TMP/synth"
fx() { # fx <name> <sox effects…>
  local name=$1; shift
  # Headroom first so the reverb tail cannot clip, then normalise to -1 dBFS. -R: repeatable
  # dither, so re-running the script reproduces identical files.
  sox -R "$TMP/synth/$name.wav" "$TMP/$name.wav" gain -6 "$@" norm -1
  ffmpeg -loglevel error -y -i "$TMP/$name.wav" -ac 1 -ar 44100 -c:a libmp3lame -b:a 96k "$OUT/audio/$name.mp3"
}
fx lofi-dusk lowpass 6500 reverb 25 50 60
fx trap-nightdrive reverb 20 50 50
fx house-sunrise reverb 15 50 40
fx synthwave-drive reverb 45 50 80
fx ambient-tides reverb 80 50 100
fx piano-sketch reverb 40 40 80
fx dnb-rollers reverb 10 50 30
fx acoustic-strum reverb 25 50 60

# ---- video: four 6–7 s 480×270 H.264 visualisers with AAC audio, plus a poster JPEG each -----
# (The audio is mono; the vectorscope gets a stereo copy with the right channel delayed by 9 ms,
# which turns the otherwise flat diagonal line into Lissajous figures.)
echo "video…"
vid() { # vid <name> <source wav> <start s> <duration s> <filter graph> (poster taken near the end)
  local name=$1 src=$2 ss=$3 dur=$4 graph=$5
  ffmpeg -loglevel error -y -ss "$ss" -t "$dur" -i "$TMP/$src.wav" \
    -filter_complex "[0:a]asplit[a][viz];[viz]$graph,format=yuv420p[v]" \
    -map '[v]' -map '[a]' -c:v libx264 -preset slow -profile:v main -crf 32 -maxrate 320k -bufsize 640k \
    -r 24 -g 48 -c:a aac -b:a 48k -ac 1 -movflags +faststart "$OUT/video/$name.mp4"
  ffmpeg -loglevel error -y -ss "$(awk -v d="$dur" 'BEGIN{print d - 1.5}')" -i "$OUT/video/$name.mp4" -frames:v 1 -q:v 5 "$OUT/video/$name.jpg"
}
vid house-waves house-sunrise 3.9 6 \
  "showwaves=s=480x270:mode=cline:rate=24:colors=0x3ddc97|0xffcf56:scale=sqrt,drawbox=x=0:y=0:w=iw:h=ih:color=0x0d1117@0.0"
vid synthwave-spectrum synthwave-drive 2.4 7 \
  "showfreqs=s=480x270:mode=bar:ascale=sqrt:fscale=log:win_size=2048:averaging=3:colors=0xff2e97,drawbox=x=0:y=262:w=iw:h=8:color=0xffd319:t=fill"
vid ambient-scope ambient-tides 4 7 \
  "aformat=channel_layouts=stereo,adelay=delays=0|9,avectorscope=s=270x270:mode=lissajous_xy:draw=line:scale=sqrt:zoom=0.7:rc=80:gc=200:bc=255:rf=70:gf=50:bf=35,gblur=sigma=0.8,pad=480:270:105:0:black"
vid dnb-cqt dnb-rollers 2.8 6 \
  "showcqt=s=480x270:fps=24:bar_h=150:axis_h=0:sono_h=120:bar_g=2:sono_g=4"

# ---- product images: 6 × 800×800 ---------------------------------------------------------------
echo "products…"
P=$OUT/products
# Sample-pack box.
$IM -size 800x800 gradient:'#e9ecef'-'#adb5bd' \
  -fill '#1d3557' -draw 'polygon 200,260 520,200 640,280 320,340' \
  -fill '#457b9d' -draw 'polygon 200,260 320,340 320,640 200,560' \
  -fill '#e63946' -draw 'polygon 320,340 640,280 640,580 320,640' \
  -fill white -font "$FONT_BOLD" -pointsize 44 -draw "text 360,460 '808 KIT'" \
  "$TMP/p1.png"; jpeg "$TMP/p1.png" "$P/drum-kit-box.jpg"
# Preset bank: synth knobs.
args=()
for r in 0 1; do for c in 0 1 2 3; do
  x=$((160 + c * 160)); y=$((300 + r * 200))
  args+=(-fill '#343a40' -draw "circle $x,$y $((x + 55)),$y" -fill '#adb5bd' -draw "circle $x,$y $((x + 40)),$y")
  args+=(-stroke '#f77f00' -strokewidth 6 -draw "line $x,$y $((x + (c * 13 % 30) - 15)),$((y - 36))" -stroke none)
done; done
$IM -size 800x800 gradient:'#212529'-'#000000' -fill '#f77f00' -draw 'rectangle 0,120 800,150' "${args[@]}" \
  "$TMP/p2.png"; jpeg "$TMP/p2.png" "$P/preset-bank.jpg"
# Loop pack: colourful waveform tiles.
args=()
for k in $(seq 0 15); do
  x=$(( (k % 4) * 190 + 30 )); y=$(( (k / 4) * 190 + 30 ))
  args+=(-fill "hsl($((k * 22)),70%,55%)" -draw "roundrectangle $x,$y $((x + 170)),$((y + 170)) 18,18")
done
$IM -size 800x800 xc:'#14213d' "${args[@]}" "$TMP/p3.png"; jpeg "$TMP/p3.png" "$P/loop-tiles.jpg"
# T-shirt.
$IM -size 800x800 xc:'#f1faee' \
  -fill '#1d1d1d' -draw 'polygon 250,180 330,150 470,150 550,180 680,280 610,360 560,320 560,700 240,700 240,320 190,360 120,280' \
  -fill '#f1faee' -draw 'ellipse 400,160 70,40 0,180' \
  -fill '#e63946' -draw 'circle 400,400 400,330' -fill '#1d1d1d' -draw 'circle 400,400 400,380' \
  "$TMP/p4.png"; jpeg "$TMP/p4.png" "$P/tee-black.jpg"
# Vinyl record in sleeve.
$IM -size 800x800 xc:'#fefae0' \
  -fill '#111111' -draw 'circle 470,400 470,130' -fill '#bc6c25' -draw 'circle 470,400 470,320' \
  -fill '#dda15e' -draw 'rectangle 110,130 440,670' -fill '#283618' -draw 'rectangle 150,170 400,630' \
  "$TMP/p5.png"; jpeg "$TMP/p5.png" "$P/vinyl-sleeve.jpg"
# Headphones (cable organiser / merch).
$IM -size 800x800 gradient:'#caf0f8'-'#0077b6' \
  -fill none -stroke '#03045e' -strokewidth 34 -draw 'arc 200,180 600,620 180,360' \
  -stroke none -fill '#03045e' -draw 'roundrectangle 170,380 280,580 40,40' -draw 'roundrectangle 520,380 630,580 40,40' \
  "$TMP/p6.png"; jpeg "$TMP/p6.png" "$P/headphones.jpg"

# ---- digital product files (kept in the private bucket) ----------------------------------------
echo "files…"
mkdir -p "$TMP/kit/Nightdrive 808 Kit"
for s in kick snare clap hat 808; do cp "$TMP/synth/kit-$s.wav" "$TMP/kit/Nightdrive 808 Kit/$s.wav"; done
# Fixed timestamps keep the zips byte-identical between runs.
find "$TMP/kit" -exec touch -d "2024-01-01 00:00:00 UTC" {} +
(cd "$TMP/kit" && zip -q -X -9 -r - "Nightdrive 808 Kit") > "$OUT/files/nightdrive-808-kit.zip"
cp "$TMP/synth/house-loop-124.wav" "$OUT/files/house-loop-124bpm.wav"
mkdir -p "$TMP/presets/Analog Dreams"
i=0
for p in "Warm Pad" "Glass Keys" "Sub Pluck" "Night Lead" "Dust Choir" "Tape Bass"; do
  cat > "$TMP/presets/Analog Dreams/$p.json" <<JSON
{ "name": "$p", "bank": "Analog Dreams", "osc": ["saw", "square"], "detune": 0.$((i + 1)),
  "filter": { "type": "lowpass", "cutoff": $((800 + i * 350)), "resonance": 0.$((i + 2)) },
  "env": { "attack": 0.0$((i + 1)), "decay": 0.4, "sustain": 0.7, "release": 1.$i } }
JSON
  i=$((i + 1))
done
find "$TMP/presets" -exec touch -d "2024-01-01 00:00:00 UTC" {} +
(cd "$TMP/presets" && zip -q -X -9 -r - "Analog Dreams") > "$OUT/files/analog-dreams-presets.zip"

# ---- manifest --------------------------------------------------------------------------------
echo "manifest…"
npx tsx seed/tools/build-manifest.ts
du -sh "$OUT"
