// The demo world that `npm start` seeds into an empty local database:
// hand-written people, posts, services, products and conversations. References between records are
// by username (people) and by `ref` (posts), so the data reads like a story; seed/world/world.ts
// turns it into rows with ids, timestamps, R2 keys, likes and a follow graph.
//
// Media paths are keys of seed/media/manifest.json (seed/world/media-manifest.ts). Captions,
// comments and messages pass the content screen (no prohibited words, no URLs or domains, no
// shouting); tests/seed/world/seed.test.ts checks that.
import type { PricingModel, ProductCategory, ProductType, ServiceCategory } from "@shared/constants";

/** The account a developer signs in with. The accounts issue gives it a password via `demoPasswordHash`. */
export const DEMO_USERNAME = "demo";
export const DEMO_EMAIL = "demo@example.com";
export const DEMO_DISPLAY_NAME = "Demo Producer";

export interface SeedProfile {
  username: string;
  displayName: string;
  /** One of the spec's ten professions, or free text for studio owners and coaches. */
  profession: string;
  location: string;
  bio: string;
  skills: string[];
  /** A reserved `.example` host, so no real site is linked from demo data. */
  websiteUrl?: string;
  verified?: boolean;
  /** How long ago the account was created. */
  joinedDaysAgo: number;
}

interface SeedComment {
  author: string;
  text: string;
  replies?: Array<{ author: string; text: string }>;
}

export interface SeedPost {
  /** Stable handle used by bookmarks and the demo user's likes. */
  ref: string;
  author: string;
  /** A key of the media manifest: images/…, audio/… or video/…. */
  media: string;
  caption: string;
  location?: string;
  tags?: string[];
  /** How long ago it was posted, in hours (spread over the last 30 days). */
  hoursAgo: number;
  /** How many people like it (likers are drawn deterministically from the other profiles). */
  likes: number;
  comments?: SeedComment[];
}

export interface SeedService {
  owner: string;
  name: string;
  description: string;
  category: ServiceCategory;
  pricingModel: PricingModel;
  /** Null for the package model: the prices are in packages. */
  priceCents: number | null;
  /** The package model's packages (shared/marketplace-api.ts ServicePackage), cheapest first. */
  packages?: Array<{ sessions: number; priceCents: number; description: string }>;
  turnaroundDays: number;
  needsScheduling: boolean;
  daysAgo: number;
}

export interface SeedProduct {
  owner: string;
  name: string;
  description: string;
  category: ProductCategory;
  type: ProductType;
  priceCents: number;
  /** Manifest key of the picture shown on the product card. */
  image?: string;
  /** Manifest key of the file a buyer downloads (digital only); stored in PRIVATE_FILES. */
  file?: string;
  daysAgo: number;
}

export interface SeedConversation {
  with: string;
  messages: Array<{ fromDemo: boolean; text: string; minutesAgo: number }>;
  /** Whether the demo user has read everything (otherwise the other side's last messages are unread). */
  readByDemo: boolean;
}

export const PROFILES: SeedProfile[] = [
  {
    username: DEMO_USERNAME,
    displayName: DEMO_DISPLAY_NAME,
    profession: "Music Producer",
    location: "Los Angeles, USA",
    bio: "The account you are signed in with. Producer and beatmaker exploring lo-fi, house and everything in between. Open for collabs.",
    skills: ["Beatmaking", "Ableton Live", "Sampling", "Sound Selection", "Arrangement", "Vocal Production"],
    websiteUrl: "https://demo.backline.example",
    joinedDaysAgo: 120,
  },
  {
    username: "mayaokafor",
    displayName: "Maya Okafor",
    profession: "Music Producer",
    location: "Lagos, Nigeria",
    bio: "Afrobeats and amapiano producer. Two gold records, countless late nights. I build drums that make rooms move.",
    skills: ["Afrobeats", "Amapiano", "FL Studio", "Drum Programming", "Arrangement"],
    websiteUrl: "https://mayaokafor.example",
    verified: true,
    joinedDaysAgo: 400,
  },
  {
    username: "kenjibeats",
    displayName: "Kenji Watanabe",
    profession: "Music Producer",
    location: "Tokyo, Japan",
    bio: "Lo-fi and jazz-hop beats from a tiny Shimokitazawa apartment. MPC, Rhodes and a cat named Dilla.",
    skills: ["Lo-fi", "MPC", "Jazz Harmony", "Sampling", "Rhodes"],
    joinedDaysAgo: 310,
  },
  {
    username: "lenaschultz",
    displayName: "Lena Schultz",
    profession: "Audio Engineer",
    location: "Berlin, Germany",
    bio: "Recording engineer at a Kreuzberg live room. Drums, strings and anything that needs a good pair of ribbons.",
    skills: ["Tracking", "Mic Placement", "Pro Tools", "Drum Recording", "Analog Consoles", "Live Sound"],
    websiteUrl: "https://lenaschultz.example",
    verified: true,
    joinedDaysAgo: 520,
  },
  {
    username: "diegoramirez",
    displayName: "Diego Ramírez",
    profession: "Audio Engineer",
    location: "Mexico City, Mexico",
    bio: "Ingeniero de grabación. Cumbia, rock and regional sessions with a lot of room mics and zero fear of bleed.",
    skills: ["Tracking", "Room Acoustics", "Logic Pro", "Band Recording"],
    joinedDaysAgo: 210,
  },
  {
    username: "ameliawren",
    displayName: "Amelia Wren",
    profession: "Singer",
    location: "London, UK",
    bio: "Soul and neo-soul vocalist. Session singer for adverts, features and late-night toplines. Harmonies are my love language.",
    skills: ["Soul", "Backing Vocals", "Toplining", "Harmonies", "Vocal Comping"],
    websiteUrl: "https://ameliawren.example",
    verified: true,
    joinedDaysAgo: 365,
  },
  {
    username: "priyanair",
    displayName: "Priya Nair",
    profession: "Singer",
    location: "Mumbai, India",
    bio: "Carnatic training, pop heart. Playback singer and vocal arranger blending ragas with R&B.",
    skills: ["Carnatic", "Playback Singing", "Vocal Arrangement", "R&B"],
    joinedDaysAgo: 180,
  },
  {
    username: "tomasvega",
    displayName: "Tomás Vega",
    profession: "Musician",
    location: "Buenos Aires, Argentina",
    bio: "Guitarist for hire. Nylon-string, tango and indie folk. Remote sessions from my home studio, usually on the first take.",
    skills: ["Guitar", "Nylon String", "Tango", "Folk", "Remote Sessions"],
    joinedDaysAgo: 260,
  },
  {
    username: "chloedrums",
    displayName: "Chloé Martin",
    profession: "Musician",
    location: "Paris, France",
    bio: "Session drummer. Pocket first, fills second. Jazz school dropout, pop tour survivor.",
    skills: ["Drums", "Session Work", "Jazz", "Pop", "Click Tracks"],
    verified: true,
    joinedDaysAgo: 340,
  },
  {
    username: "jonahbrooks",
    displayName: "Jonah Brooks",
    profession: "Songwriter",
    location: "Nashville, USA",
    bio: "Co-writer with a notebook full of choruses. Country, Americana and the occasional pop heartbreak.",
    skills: ["Co-writing", "Lyrics", "Country", "Americana", "Melody"],
    websiteUrl: "https://jonahbrooks.example",
    verified: true,
    joinedDaysAgo: 450,
  },
  {
    username: "saoirsebyrne",
    displayName: "Saoirse Byrne",
    profession: "Songwriter",
    location: "Dublin, Ireland",
    bio: "Folk songwriter and lyric editor. I help turn voice memos into finished songs.",
    skills: ["Lyric Editing", "Folk", "Storytelling", "Song Structure"],
    joinedDaysAgo: 150,
  },
  {
    username: "djkofi",
    displayName: "Kofi Mensah",
    profession: "DJ",
    location: "Accra, Ghana",
    bio: "Resident DJ and radio host. Highlife edits, afro house and long sunrise sets.",
    skills: ["Afro House", "Radio", "Rekordbox", "Edits", "Open Format"],
    websiteUrl: "https://djkofi.example",
    verified: true,
    joinedDaysAgo: 380,
  },
  {
    username: "ninakowalski",
    displayName: "Nina Kowalski",
    profession: "DJ",
    location: "Warsaw, Poland",
    bio: "Techno and electro, vinyl only on Fridays. Running a monthly warehouse night since 2019.",
    skills: ["Techno", "Vinyl", "Event Curation", "Electro"],
    joinedDaysAgo: 230,
  },
  {
    username: "marcorossi",
    displayName: "Marco Rossi",
    profession: "DJ",
    location: "Milan, Italy",
    bio: "Italo disco digger and wedding-set veteran. I read rooms for a living.",
    skills: ["Italo Disco", "Open Format", "Serato", "Events"],
    joinedDaysAgo: 90,
  },
  {
    username: "ingridfield",
    displayName: "Ingrid Halvorsen",
    profession: "Sound Designer",
    location: "Oslo, Norway",
    bio: "Field recordist and sound designer for games. Glaciers, ferries and creaky wooden churches.",
    skills: ["Field Recording", "Game Audio", "Wwise", "Foley", "Ambiences"],
    websiteUrl: "https://ingridfield.example",
    verified: true,
    joinedDaysAgo: 300,
  },
  {
    username: "samfoley",
    displayName: "Sam Carter",
    profession: "Sound Designer",
    location: "Toronto, Canada",
    bio: "Foley artist and UI sound designer. Yes, that punch sound is a cabbage.",
    skills: ["Foley", "UI Sounds", "Post Production", "Reaper"],
    joinedDaysAgo: 140,
  },
  {
    username: "eliasmoreau",
    displayName: "Elias Moreau",
    profession: "Composer",
    location: "Montréal, Canada",
    bio: "Film and documentary composer. Strings, felt piano and patient textures.",
    skills: ["Film Scoring", "Orchestration", "Piano", "Cubase", "Spotting Sessions"],
    websiteUrl: "https://eliasmoreau.example",
    verified: true,
    joinedDaysAgo: 480,
  },
  {
    username: "yunapark",
    displayName: "Yuna Park",
    profession: "Composer",
    location: "Seoul, South Korea",
    bio: "Composer for games and K-drama cues. Hybrid orchestral with a soft spot for synth arps.",
    skills: ["Game Music", "Hybrid Orchestral", "Synths", "Adaptive Music"],
    joinedDaysAgo: 200,
  },
  {
    username: "mixbyandre",
    displayName: "André Silva",
    profession: "Mixing Engineer",
    location: "São Paulo, Brazil",
    bio: "Mixing engineer for hip-hop, funk and MPB. Loud, wide and still breathing. Online mixes with two revisions.",
    skills: ["Mixing", "Hip-Hop", "Vocal Chains", "Pro Tools", "Stem Mixing"],
    websiteUrl: "https://mixbyandre.example",
    verified: true,
    joinedDaysAgo: 420,
  },
  {
    username: "fatimahaddad",
    displayName: "Fatima Haddad",
    profession: "Mixing Engineer",
    location: "Dubai, UAE",
    bio: "Pop and Arabic pop mixes. Dolby Atmos certified. I care about the vocal more than anything.",
    skills: ["Mixing", "Dolby Atmos", "Pop", "Vocal Tuning"],
    joinedDaysAgo: 160,
  },
  {
    username: "rachelcohen",
    displayName: "Rachel Cohen",
    profession: "Mastering Engineer",
    location: "New York, USA",
    bio: "Mastering for vinyl, streaming and everything in between. Twenty years, one room, very good monitors.",
    skills: ["Mastering", "Vinyl Prep", "Stem Mastering", "Loudness", "Analog Chain"],
    websiteUrl: "https://rachelcohen.example",
    verified: true,
    joinedDaysAgo: 600,
  },
  {
    username: "oskarlindqvist",
    displayName: "Oskar Lindqvist",
    profession: "Mastering Engineer",
    location: "Stockholm, Sweden",
    bio: "Electronic music mastering. Clean low end, honest loudness, fast turnaround.",
    skills: ["Mastering", "Electronic Music", "Low End", "Club Masters"],
    joinedDaysAgo: 250,
  },
  {
    username: "harborstudios",
    displayName: "Harbor Street Studios",
    profession: "Studio Owner",
    location: "Melbourne, Australia",
    bio: "Two rooms, a Neve sidecar and a very good coffee machine. Run by Grace Miller. Book a day or a block.",
    skills: ["Studio Hire", "Tracking Room", "Neve", "Live Recording", "Podcasts"],
    websiteUrl: "https://harborstudios.example",
    verified: true,
    joinedDaysAgo: 700,
  },
  {
    username: "bluehourrec",
    displayName: "Blue Hour Recording",
    profession: "Studio Owner",
    location: "Madrid, Spain",
    bio: "Boutique studio in Malasaña run by Luis Fernández. Vintage keys, plate reverb, natural light.",
    skills: ["Studio Hire", "Vintage Keys", "Plate Reverb", "Band Sessions"],
    joinedDaysAgo: 330,
  },
  {
    username: "jadevocals",
    displayName: "Jade Thompson",
    profession: "Vocal Coach",
    location: "Atlanta, USA",
    bio: "Vocal coach for singers and rappers. Breath, range and stamina for tours and long sessions.",
    skills: ["Vocal Coaching", "Breath Control", "Belting", "Performance", "Online Lessons"],
    verified: true,
    joinedDaysAgo: 280,
  },
  {
    username: "rafacosta",
    displayName: "Rafael Costa",
    profession: "Production Coach",
    location: "Lisbon, Portugal",
    bio: "I teach producers to finish tracks. Arrangement, workflow and the confidence to export.",
    skills: ["Production Coaching", "Ableton Live", "Workflow", "Arrangement", "Mentoring"],
    joinedDaysAgo: 190,
  },
  {
    username: "zaneahmed",
    displayName: "Zane Ahmed",
    profession: "Music Producer",
    location: "Manchester, UK",
    bio: "UK garage and drum & bass. Shuffled hats, rolling subs, rainy northern afternoons.",
    skills: ["UK Garage", "Drum & Bass", "Bass Design", "Serum"],
    joinedDaysAgo: 120,
  },
  {
    username: "luciakeys",
    displayName: "Lucía Torres",
    profession: "Musician",
    location: "Barcelona, Spain",
    bio: "Keys player for pop and flamenco fusion. Wurlitzer nerd, session player, occasional arranger.",
    skills: ["Keys", "Wurlitzer", "Flamenco Fusion", "Arranging"],
    joinedDaysAgo: 170,
  },
  {
    username: "amaradiallo",
    displayName: "Amara Diallo",
    profession: "Singer",
    location: "Dakar, Senegal",
    bio: "Singer and songwriter between mbalax and soul. Wolof, French and English on the same record.",
    skills: ["Mbalax", "Soul", "Songwriting", "Live Performance"],
    verified: true,
    joinedDaysAgo: 220,
  },
  {
    username: "thabonkosi",
    displayName: "Thabo Nkosi",
    profession: "Audio Engineer",
    location: "Johannesburg, South Africa",
    bio: "Live and studio engineer. Gqom, jazz and gospel choirs with forty voices in one room.",
    skills: ["Live Sound", "Choir Recording", "Studio One", "Gospel"],
    joinedDaysAgo: 130,
  },
  {
    username: "meilin",
    displayName: "Mei Lin",
    profession: "Composer",
    location: "Taipei, Taiwan",
    bio: "Ambient composer and sound artist. Slow music for busy people.",
    skills: ["Ambient", "Modular Synths", "Installations", "Sound Art"],
    joinedDaysAgo: 110,
  },
  {
    username: "nikoloops",
    displayName: "Niko Papadopoulos",
    profession: "Music Producer",
    location: "Athens, Greece",
    bio: "Sample pack maker and synthwave producer. If it has an arpeggiator I have opinions about it.",
    skills: ["Synthwave", "Sample Packs", "Sound Design", "Arpeggios"],
    joinedDaysAgo: 160,
  },
  {
    username: "hannahbecker",
    displayName: "Hannah Becker",
    profession: "Musician",
    location: "Vienna, Austria",
    bio: "Bassist, upright and electric. Jazz trio by night, pop sessions by day.",
    skills: ["Upright Bass", "Electric Bass", "Jazz", "Sight Reading"],
    joinedDaysAgo: 75,
  },
  {
    username: "omarfarouk",
    displayName: "Omar Farouk",
    profession: "DJ",
    location: "Cairo, Egypt",
    bio: "Melodic house DJ and producer. Oud samples, long blends and rooftop sets.",
    skills: ["Melodic House", "Oud", "Traktor", "Live Edits"],
    joinedDaysAgo: 60,
  },
];

/** Who the demo user follows (12). */
export const DEMO_FOLLOWS: string[] = [
  "mayaokafor",
  "kenjibeats",
  "lenaschultz",
  "ameliawren",
  "jonahbrooks",
  "djkofi",
  "ingridfield",
  "eliasmoreau",
  "mixbyandre",
  "rachelcohen",
  "harborstudios",
  "nikoloops",
];

/** Who follows the demo user (15). */
export const DEMO_FOLLOWERS: string[] = [
  "kenjibeats",
  "ameliawren",
  "mixbyandre",
  "zaneahmed",
  "luciakeys",
  "rafacosta",
  "hannahbecker",
  "omarfarouk",
  "saoirsebyrne",
  "tomasvega",
  "priyanair",
  "thabonkosi",
  "meilin",
  "marcorossi",
  "jadevocals",
];

export const POSTS: SeedPost[] = [
  // --- the demo user's own posts -------------------------------------------------------------
  {
    ref: "demo-lofi",
    author: DEMO_USERNAME,
    media: "audio/lofi-dusk.mp3",
    caption: "Sunday sketch: dusty Rhodes, swung hats and a bassline I hum all day. Feedback welcome! #lofi #beats #rhodes",
    location: "Los Angeles, USA",
    tags: ["lofi", "beat", "work in progress"],
    hoursAgo: 30,
    likes: 14,
    comments: [
      {
        author: "kenjibeats",
        text: "That swing is perfect. Maybe drop the kick on the last bar before the loop comes back?",
        replies: [{ author: DEMO_USERNAME, text: "Good call, trying it tonight." }],
      },
      { author: "ameliawren", text: "I can hear a hook on this already. Send me the stems?" },
      { author: "mixbyandre", text: "Low end sits nicely. Let me know when you want it mixed." },
    ],
  },
  {
    ref: "demo-house",
    author: DEMO_USERNAME,
    media: "video/house-waves.mp4",
    caption: "First house groove of the year. Organ stabs on the offbeat, nothing else needed. #house #dancemusic #producerlife",
    location: "Los Angeles, USA",
    tags: ["house", "groove"],
    hoursAgo: 26 * 24,
    likes: 9,
    comments: [{ author: "djkofi", text: "I would play this at sunrise. Send the extended version!" }],
  },
  {
    ref: "demo-desk",
    author: DEMO_USERNAME,
    media: "images/console-faders.jpg",
    caption: "New desk setup finally done. Eight faders, zero excuses. #studiolife #homestudio",
    tags: ["studio", "setup"],
    hoursAgo: 12 * 24,
    likes: 17,
    comments: [
      { author: "harborstudios", text: "Clean! Come by the big room when you are in Melbourne." },
      { author: "lenaschultz", text: "Love the fader caps.", replies: [{ author: DEMO_USERNAME, text: "Thank you! Found them at a flea market." }] },
    ],
  },
  {
    ref: "demo-trap",
    author: DEMO_USERNAME,
    media: "audio/trap-nightdrive.mp3",
    caption: "Night drive energy. 140 BPM, C minor, bells and sliding 808s. Who wants to write on this? #trap #808 #collab",
    tags: ["trap", "808", "open for collab"],
    hoursAgo: 5 * 24 + 3,
    likes: 11,
    comments: [{ author: "priyanair", text: "I have a melody that fits this perfectly. Messaging you!" }],
  },

  // --- producers -------------------------------------------------------------------------------
  {
    ref: "maya-drums",
    author: "mayaokafor",
    media: "audio/house-sunrise.mp3",
    caption: "Testing a new log drum pattern in a house context. The offbeat bass is doing all the work here. #amapiano #house #producer",
    location: "Lagos, Nigeria",
    tags: ["amapiano", "drums"],
    hoursAgo: 6,
    likes: 24,
    comments: [
      { author: "djkofi", text: "Already in my crate for Saturday." },
      { author: "omarfarouk", text: "The groove on this is unreal.", replies: [{ author: "mayaokafor", text: "Thanks Omar! Full version soon." }] },
    ],
  },
  {
    ref: "maya-cover",
    author: "mayaokafor",
    media: "images/halftone-pop.jpg",
    caption: "Cover art for the new single is here. Out Friday on all platforms. #newmusic #afrobeats #coverart",
    location: "Lagos, Nigeria",
    hoursAgo: 4 * 24,
    likes: 31,
    comments: [{ author: "amaradiallo", text: "Those colours! Cannot wait for Friday." }],
  },
  {
    ref: "kenji-lofi",
    author: "kenjibeats",
    media: "audio/lofi-dusk.mp3",
    caption: "Rainy evening in Shimokita, so naturally another lo-fi loop. Rhodes through a cassette deck. #lofi #jazzhop #beats",
    location: "Tokyo, Japan",
    tags: ["lofi", "cassette"],
    hoursAgo: 2 * 24 + 5,
    likes: 19,
    comments: [{ author: "meilin", text: "This is my morning coffee soundtrack now." }],
  },
  {
    ref: "kenji-keys",
    author: "kenjibeats",
    media: "images/piano-keys.jpg",
    caption: "Found a beat-up Rhodes at a recycle shop. Needs new tines but the tone is already magic. #rhodes #vintagegear",
    location: "Tokyo, Japan",
    hoursAgo: 15 * 24,
    likes: 22,
  },
  {
    ref: "zane-dnb",
    author: "zaneahmed",
    media: "audio/dnb-rollers.mp3",
    caption: "Rolling reese bass for a Manchester rainy day. 172 and climbing. #dnb #drumandbass #bassdesign",
    location: "Manchester, UK",
    tags: ["dnb", "reese"],
    hoursAgo: 20,
    likes: 16,
    comments: [{ author: "oskarlindqvist", text: "Low end is tight. Happy to master this one when it is done." }],
  },
  {
    ref: "zane-video",
    author: "zaneahmed",
    media: "video/dnb-cqt.mp4",
    caption: "Visualiser for the new roller. Every bar a little meaner. #dnb #visualizer #newmusic",
    hoursAgo: 9 * 24,
    likes: 13,
  },
  {
    ref: "niko-synthwave",
    author: "nikoloops",
    media: "audio/synthwave-drive.mp3",
    caption: "Arpeggiator on, sunglasses on. A-minor drive from the upcoming sample pack. #synthwave #retrowave #samplepack",
    location: "Athens, Greece",
    tags: ["synthwave", "arp"],
    hoursAgo: 3 * 24 + 8,
    likes: 21,
    comments: [
      { author: "yunapark", text: "That arp pattern is so satisfying." },
      { author: DEMO_USERNAME, text: "Need this pack yesterday.", replies: [{ author: "nikoloops", text: "Dropping next week, you get a code." }] },
    ],
  },
  {
    ref: "niko-art",
    author: "nikoloops",
    media: "images/neon-horizon.jpg",
    caption: "Artwork for Midnight Arps Vol 2. Sun, grid, pink. You know the rules. #synthwave #artwork",
    hoursAgo: 18 * 24,
    likes: 18,
  },
  {
    ref: "niko-spectrum",
    author: "nikoloops",
    media: "video/synthwave-spectrum.mp4",
    caption: "What the arp looks like in a spectrogram. Sound design is just painting with frequencies. #sounddesign #synthwave",
    hoursAgo: 27 * 24,
    likes: 12,
  },

  // --- engineers, mixing and mastering --------------------------------------------------------
  {
    ref: "lena-room",
    author: "lenaschultz",
    media: "images/studio-bokeh.jpg",
    caption: "Late session vibes in the live room. Three ribbons on the drum kit and one very patient drummer. #recording #studiolife #berlin",
    location: "Berlin, Germany",
    tags: ["tracking", "drums"],
    hoursAgo: 10,
    likes: 27,
    comments: [
      { author: "chloedrums", text: "I was the patient drummer. Worth every take!" },
      { author: "thabonkosi", text: "Which ribbons? Asking for my choir sessions.", replies: [{ author: "lenaschultz", text: "A pair of Royers overhead and an old Beyer on the snare." }] },
    ],
  },
  {
    ref: "lena-speaker",
    author: "lenaschultz",
    media: "images/speaker-cone.jpg",
    caption: "Reminder: check your mix on a single small speaker. Mono does not lie. #mixingtips #audioengineering",
    hoursAgo: 11 * 24,
    likes: 35,
    comments: [{ author: "fatimahaddad", text: "The best advice nobody follows." }],
  },
  {
    ref: "diego-band",
    author: "diegoramirez",
    media: "images/console-faders.jpg",
    caption: "Cumbia band, twelve musicians, one room and a lot of bleed. It sounds alive. #recording #cumbia #liveroom",
    location: "Mexico City, Mexico",
    hoursAgo: 7 * 24,
    likes: 14,
  },
  {
    ref: "andre-mix",
    author: "mixbyandre",
    media: "audio/trap-nightdrive.mp3",
    caption: "Before and after is overrated, here is just the after. Vocal chain and bus compression doing the heavy lifting. #mixing #hiphop #mixengineer",
    location: "São Paulo, Brazil",
    tags: ["mixing", "hip-hop"],
    hoursAgo: 36,
    likes: 29,
    comments: [
      { author: "zaneahmed", text: "How are you keeping the 808 and kick apart here?", replies: [{ author: "mixbyandre", text: "Sidechain on the 808 from the kick, fast release, plus a little EQ carve around 60 Hz." }] },
    ],
  },
  {
    ref: "andre-desk",
    author: "mixbyandre",
    media: "images/eq-bars.jpg",
    caption: "Three mix slots open this month. Hip-hop, funk, MPB. Two revisions included. #mixing #openforwork",
    hoursAgo: 8 * 24,
    likes: 15,
  },
  {
    ref: "fatima-atmos",
    author: "fatimahaddad",
    media: "images/sine-layers.jpg",
    caption: "Spent the week in Atmos. Objects flying over your head in a pop ballad is a strange and wonderful thing. #dolbyatmos #mixing #immersiveaudio",
    location: "Dubai, UAE",
    hoursAgo: 5 * 24,
    likes: 20,
  },
  {
    ref: "rachel-vinyl",
    author: "rachelcohen",
    media: "images/vinyl-sunset.jpg",
    caption: "Test pressings arrived and they sound exactly like the master. Best feeling in this job. #mastering #vinyl #testpressing",
    location: "New York, USA",
    tags: ["vinyl", "mastering"],
    hoursAgo: 2 * 24,
    likes: 42,
    comments: [
      { author: "jonahbrooks", text: "Congrats! That record is going to be special." },
      { author: DEMO_USERNAME, text: "Goals. One day my music on wax." },
    ],
  },
  {
    ref: "rachel-tip",
    author: "rachelcohen",
    media: "images/speaker-cone.jpg",
    caption: "Leave headroom for mastering: peaks around minus six and no limiter on the mix bus, please. #masteringtips #mastering",
    hoursAgo: 21 * 24,
    likes: 38,
    comments: [{ author: "rafacosta", text: "Sending this to all my students." }],
  },
  {
    ref: "oskar-master",
    author: "oskarlindqvist",
    media: "audio/house-sunrise.mp3",
    caption: "Mastered a sunrise house tune this morning. Kept it dynamic, it breathes on a big system. #mastering #housemusic",
    location: "Stockholm, Sweden",
    hoursAgo: 6 * 24,
    likes: 11,
  },
  {
    ref: "thabo-choir",
    author: "thabonkosi",
    media: "images/mic-spotlight.jpg",
    caption: "Forty voices, one room, two mics in a spaced pair. Gospel choir day was a blessing. #choir #recording #johannesburg",
    location: "Johannesburg, South Africa",
    hoursAgo: 13 * 24,
    likes: 23,
  },

  // --- singers and songwriters ------------------------------------------------------------------
  {
    ref: "amelia-strum",
    author: "ameliawren",
    media: "audio/acoustic-strum.mp3",
    caption: "Writing session with Tomás over a simple G, D, E minor, C progression. Lyrics coming together slowly. #songwriting #acoustic #soul",
    location: "London, UK",
    tags: ["writing session", "acoustic"],
    hoursAgo: 14,
    likes: 33,
    comments: [
      { author: "tomasvega", text: "Best session of the month. Sending you the clean takes." },
      { author: "jadevocals", text: "Your tone on the demo is gorgeous." },
    ],
  },
  {
    ref: "amelia-mic",
    author: "ameliawren",
    media: "images/mic-spotlight.jpg",
    caption: "Booth ready. Tea with honey, lyrics on the stand, one more take. #vocals #sessionsinger #studiolife",
    location: "London, UK",
    hoursAgo: 10 * 24,
    likes: 40,
  },
  {
    ref: "priya-raga",
    author: "priyanair",
    media: "audio/ambient-tides.mp3",
    caption: "A drone to practise over. Sa and Pa held on pads while I work on gamakas for a new arrangement. #carnatic #vocals #practice",
    location: "Mumbai, India",
    hoursAgo: 4 * 24 + 6,
    likes: 17,
  },
  {
    ref: "jonah-write",
    author: "jonahbrooks",
    media: "audio/acoustic-strum.mp3",
    caption: "Verse one and a chorus from this morning's co-write. Title is a secret until the bridge is done. #songwriter #nashville #cowrite",
    location: "Nashville, USA",
    tags: ["co-write", "country"],
    hoursAgo: 3 * 24,
    likes: 26,
    comments: [{ author: "saoirsebyrne", text: "The chorus lands so well. Save me a seat at the next one." }],
  },
  {
    ref: "jonah-notebook",
    author: "jonahbrooks",
    media: "images/festival-peaks.jpg",
    caption: "Playing the writers round on Thursday. Four songwriters, four stools, no backing tracks. #songwriters #livemusic",
    location: "Nashville, USA",
    hoursAgo: 17 * 24,
    likes: 19,
  },
  {
    ref: "saoirse-piano",
    author: "saoirsebyrne",
    media: "audio/piano-sketch.mp3",
    caption: "A little piano sketch for a song about leaving home. Words in the comments if you want to hear them. #folk #songwriting #piano",
    location: "Dublin, Ireland",
    hoursAgo: 8 * 24 + 4,
    likes: 14,
    comments: [{ author: "eliasmoreau", text: "Beautiful voicings. That G over B is doing so much." }],
  },
  {
    ref: "amara-stage",
    author: "amaradiallo",
    media: "images/festival-peaks.jpg",
    caption: "Festival season starts next week. New songs, new band, same joy. #livemusic #mbalax #soul",
    location: "Dakar, Senegal",
    hoursAgo: 22 * 24,
    likes: 28,
  },

  // --- musicians ----------------------------------------------------------------------------------
  {
    ref: "tomas-guitar",
    author: "tomasvega",
    media: "audio/acoustic-strum.mp3",
    caption: "Strumming pattern for the session with Amelia. Down, down, up, up, down, up. Works on everything. #guitar #acoustic #sessionmusician",
    location: "Buenos Aires, Argentina",
    hoursAgo: 16 * 24,
    likes: 12,
  },
  {
    ref: "chloe-drums",
    author: "chloedrums",
    media: "video/house-waves.mp4",
    caption: "Played live drums over a house loop for a remix. Four on the floor but make it human. #drums #sessiondrummer #house",
    location: "Paris, France",
    hoursAgo: 6 * 24 + 10,
    likes: 21,
  },
  {
    ref: "lucia-keys",
    author: "luciakeys",
    media: "audio/piano-sketch.mp3",
    caption: "Warming up before a session. Same four chords every morning, different feeling every day. #keys #piano #musician",
    location: "Barcelona, Spain",
    hoursAgo: 28,
    likes: 13,
  },
  {
    ref: "hannah-bass",
    author: "hannahbecker",
    media: "images/sine-layers.jpg",
    caption: "Upright bass strings are a whole personality. Gut strings arrived today and the trio gig is Friday. #bass #jazz #uprightbass",
    location: "Vienna, Austria",
    hoursAgo: 9 * 24,
    likes: 10,
  },

  // --- DJs --------------------------------------------------------------------------------------
  {
    ref: "kofi-set",
    author: "djkofi",
    media: "video/house-waves.mp4",
    caption: "Sunrise set clip from the weekend. Accra, you were beautiful. #afrohouse #djlife #sunriseset",
    location: "Accra, Ghana",
    tags: ["dj set", "afro house"],
    hoursAgo: 2 * 24 + 12,
    likes: 45,
    comments: [
      { author: "ninakowalski", text: "That crowd energy!" },
      { author: "mayaokafor", text: "Thanks for playing my track!", replies: [{ author: "djkofi", text: "It went off every time." }] },
    ],
  },
  {
    ref: "kofi-crate",
    author: "djkofi",
    media: "images/vinyl-sunset.jpg",
    caption: "Crate digging haul: highlife originals and two Italo records for Marco. #vinyl #cratedigging #highlife",
    hoursAgo: 19 * 24,
    likes: 24,
  },
  {
    ref: "nina-warehouse",
    author: "ninakowalski",
    media: "images/eq-bars.jpg",
    caption: "Warehouse night number 42 is this Saturday. Four hours, vinyl only, lights off. #techno #warsaw #vinylonly",
    location: "Warsaw, Poland",
    hoursAgo: 3 * 24 + 20,
    likes: 18,
  },
  {
    ref: "marco-italo",
    author: "marcorossi",
    media: "audio/synthwave-drive.mp3",
    caption: "Italo disco edit in progress. Needs more cowbell, obviously. #italodisco #edit #djlife",
    location: "Milan, Italy",
    hoursAgo: 11 * 24 + 6,
    likes: 9,
  },
  {
    ref: "omar-rooftop",
    author: "omarfarouk",
    media: "video/ambient-scope.mp4",
    caption: "Opening a rooftop set with ambient textures before the first kick. Patience is a DJ skill. #melodichouse #cairo #djset",
    location: "Cairo, Egypt",
    hoursAgo: 1 * 24 + 2,
    likes: 20,
  },

  // --- sound designers and composers -----------------------------------------------------------
  {
    ref: "ingrid-field",
    author: "ingridfield",
    media: "audio/ambient-tides.mp3",
    caption: "Layered a fjord wind recording under some pads for a game menu. Headphones recommended. #sounddesign #fieldrecording #gameaudio",
    location: "Oslo, Norway",
    tags: ["ambience", "game audio"],
    hoursAgo: 18,
    likes: 30,
    comments: [
      { author: "samfoley", text: "The wind bed is so good. What recorder?", replies: [{ author: "ingridfield", text: "An old handheld with a furry windshield and a lot of patience." }] },
    ],
  },
  {
    ref: "ingrid-scope",
    author: "ingridfield",
    media: "video/ambient-scope.mp4",
    caption: "Stereo field of the same ambience on a vectorscope. Wide but still mono compatible. #sounddesign #stereo",
    hoursAgo: 14 * 24,
    likes: 16,
  },
  {
    ref: "sam-foley",
    author: "samfoley",
    media: "images/dream-plasma.jpg",
    caption: "Today's foley menu: celery snaps, a wet towel and a leather jacket. Guess which one became the punch. #foley #sounddesign #postproduction",
    location: "Toronto, Canada",
    hoursAgo: 5 * 24 + 14,
    likes: 25,
    comments: [{ author: "ingridfield", text: "The towel. It is always the towel." }],
  },
  {
    ref: "elias-cue",
    author: "eliasmoreau",
    media: "audio/piano-sketch.mp3",
    caption: "Theme sketch for a documentary about lighthouses. Felt piano first, strings later. #filmscore #composer #piano",
    location: "Montréal, Canada",
    tags: ["film music", "theme"],
    hoursAgo: 40,
    likes: 34,
    comments: [{ author: "yunapark", text: "That melody stays with you. Lovely." }],
  },
  {
    ref: "elias-desk",
    author: "eliasmoreau",
    media: "images/piano-keys.jpg",
    caption: "Spotting session tomorrow, so tonight it is tea and temp tracks. #filmmusic #composerlife",
    hoursAgo: 23 * 24,
    likes: 17,
  },
  {
    ref: "yuna-game",
    author: "yunapark",
    media: "audio/synthwave-drive.mp3",
    caption: "Boss battle loop, phase one. Phase two adds choir and a lot more drums. #gamemusic #composer #synths",
    location: "Seoul, South Korea",
    hoursAgo: 7 * 24 + 9,
    likes: 19,
  },
  {
    ref: "mei-ambient",
    author: "meilin",
    media: "audio/ambient-tides.mp3",
    caption: "Slow music for busy people, part nine. Three chords, twelve minutes in the full version. #ambient #modular #slowmusic",
    location: "Taipei, Taiwan",
    hoursAgo: 12 * 24 + 5,
    likes: 15,
  },
  {
    ref: "mei-art",
    author: "meilin",
    media: "images/dream-plasma.jpg",
    caption: "Projection visuals for the gallery installation next month. Sound and light on the same clock. #soundart #installation #ambient",
    hoursAgo: 25 * 24,
    likes: 11,
  },

  // --- studios and coaches ------------------------------------------------------------------------
  {
    ref: "harbor-room",
    author: "harborstudios",
    media: "images/studio-bokeh.jpg",
    caption: "Room A after hours. Weekend blocks for April are open, mention Backline for a free extra hour. #recordingstudio #melbourne #studiolife",
    location: "Melbourne, Australia",
    tags: ["studio hire"],
    hoursAgo: 4 * 24 + 2,
    likes: 22,
    comments: [{ author: "lenaschultz", text: "That room looks incredible." }],
  },
  {
    ref: "harbor-console",
    author: "harborstudios",
    media: "images/console-faders.jpg",
    caption: "Sidecar got a full recap and new faders. Every channel sings again. #neve #analog #recordingstudio",
    location: "Melbourne, Australia",
    hoursAgo: 20 * 24,
    likes: 29,
  },
  {
    ref: "bluehour-session",
    author: "bluehourrec",
    media: "video/dnb-cqt.mp4",
    caption: "A band came in to record a rock song and left with a drum and bass remix. Happy accidents. #studio #madrid #remix",
    location: "Madrid, Spain",
    hoursAgo: 10 * 24 + 7,
    likes: 14,
  },
  {
    ref: "bluehour-mic",
    author: "bluehourrec",
    media: "images/mic-spotlight.jpg",
    caption: "Natural light, a plate reverb and a tube mic from the sixties. Vocal days here are special. #vocals #recordingstudio #vintagegear",
    location: "Madrid, Spain",
    hoursAgo: 24 * 24,
    likes: 18,
  },
  {
    ref: "jade-warmup",
    author: "jadevocals",
    media: "audio/piano-sketch.mp3",
    caption: "Five-minute warmup over simple piano chords. Lip trills up, sirens down, then sing the melody on a vowel. #vocalcoach #singing #warmup",
    location: "Atlanta, USA",
    hoursAgo: 2 * 24 + 18,
    likes: 37,
    comments: [{ author: "ameliawren", text: "Doing this before every session now." }],
  },
  {
    ref: "rafa-finish",
    author: "rafacosta",
    media: "images/halftone-pop.jpg",
    caption: "Finishing tip of the week: bounce a rough version today, even if it is not ready. Unfinished songs teach you nothing. #producertips #musicproduction",
    location: "Lisbon, Portugal",
    hoursAgo: 6 * 24 + 16,
    likes: 41,
    comments: [
      { author: "zaneahmed", text: "Needed this today." },
      { author: DEMO_USERNAME, text: "Bounced three tracks after reading this.", replies: [{ author: "rafacosta", text: "That is the spirit!" }] },
    ],
  },
  {
    ref: "rafa-workflow",
    author: "rafacosta",
    media: "audio/house-sunrise.mp3",
    caption: "Made this house loop live on a coaching call in fifteen minutes. Templates save lives. #ableton #workflow #house",
    hoursAgo: 16 * 24 + 3,
    likes: 16,
  },

  // --- a few more to fill the month ---------------------------------------------------------------
  {
    ref: "maya-studio",
    author: "mayaokafor",
    media: "images/studio-bokeh.jpg",
    caption: "Late session with the band. When the percussion player starts dancing you know the take is a keeper. #studio #afrobeats",
    location: "Lagos, Nigeria",
    hoursAgo: 13 * 24 + 12,
    likes: 26,
  },
  {
    ref: "kenji-video",
    author: "kenjibeats",
    media: "video/synthwave-spectrum.mp4",
    caption: "Trying a synth pad instead of the usual Rhodes. Spectrum view because it looks nice. #synth #beats",
    hoursAgo: 29 * 24,
    likes: 8,
  },
  {
    ref: "oskar-speaker",
    author: "oskarlindqvist",
    media: "images/speaker-cone.jpg",
    caption: "New monitors are in. First thing I played: a record I know by heart. #mastering #studiomonitors",
    hoursAgo: 27 * 24 + 5,
    likes: 13,
  },
  {
    ref: "diego-drums",
    author: "diegoramirez",
    media: "audio/dnb-rollers.mp3",
    caption: "Recorded a breakbeat with a cheap mic in the stairwell and chopped it into this. Room sound is everything. #breakbeat #recording",
    location: "Mexico City, Mexico",
    hoursAgo: 18 * 24 + 8,
    likes: 12,
  },
  {
    ref: "omar-art",
    author: "omarfarouk",
    media: "images/neon-horizon.jpg",
    caption: "Flyer for the rooftop series. Sunset start, melodic all night. #melodichouse #cairo",
    location: "Cairo, Egypt",
    hoursAgo: 8 * 24 + 20,
    likes: 15,
  },
  {
    ref: "lucia-video",
    author: "luciakeys",
    media: "video/ambient-scope.mp4",
    caption: "Wurlitzer through a tape echo, seen on a vectorscope. Flamenco ballad intro in progress. #keys #wurlitzer #flamenco",
    location: "Barcelona, Spain",
    hoursAgo: 15 * 24 + 4,
    likes: 10,
  },
  {
    ref: "fatima-vocal",
    author: "fatimahaddad",
    media: "audio/lofi-dusk.mp3",
    caption: "Quick mix of a lo-fi demo for a friend. Kept the crackle, tamed the hats. #mixing #lofi",
    hoursAgo: 26 * 24 + 9,
    likes: 9,
  },
  {
    ref: "samfoley-eq",
    author: "samfoley",
    media: "images/eq-bars.jpg",
    caption: "UI sound pack for a meditation app: forty tiny sounds, none louder than a whisper. #uisounds #sounddesign",
    hoursAgo: 28 * 24 + 14,
    likes: 7,
  },
];

/** Posts the demo user has bookmarked (refs). */
export const DEMO_BOOKMARKS: string[] = [
  "rachel-tip",
  "lena-speaker",
  "andre-mix",
  "rafa-finish",
  "elias-cue",
  "ingrid-field",
  "jade-warmup",
  "niko-synthwave",
];

/** Posts the demo user has liked (refs); other likes are drawn deterministically. */
export const DEMO_LIKES: string[] = [
  "maya-drums",
  "kenji-lofi",
  "rachel-vinyl",
  "rafa-finish",
  "niko-synthwave",
  "kofi-set",
  "elias-cue",
  "lena-room",
  "amelia-strum",
  "harbor-room",
];

export const SERVICES: SeedService[] = [
  {
    owner: "harborstudios",
    name: "Studio A day rate",
    description: "Ten hours in our main tracking room with a Neve sidecar, drum kit, upright piano and an in-house engineer.",
    category: "recording",
    pricingModel: "per_session",
    priceCents: 65_000,
    turnaroundDays: 0,
    needsScheduling: true,
    daysAgo: 200,
  },
  {
    owner: "harborstudios",
    name: "Weekend block booking",
    description: "Three full days in Room A for bands who want to track an EP live. Engineer, backline and coffee included.",
    category: "recording",
    pricingModel: "package",
    priceCents: null,
    packages: [
      { sessions: 2, priceCents: 120_000, description: "Two ten-hour days in Room A with an engineer" },
      { sessions: 3, priceCents: 170_000, description: "Three ten-hour days in Room A with an engineer" },
    ],
    turnaroundDays: 3,
    needsScheduling: true,
    daysAgo: 90,
  },
  {
    owner: "bluehourrec",
    name: "Vocal recording session",
    description: "Hourly vocal tracking with a vintage tube mic, plate reverb and comping included.",
    category: "recording",
    pricingModel: "hourly",
    priceCents: 6_000,
    turnaroundDays: 1,
    needsScheduling: true,
    daysAgo: 120,
  },
  {
    owner: "lenaschultz",
    name: "Remote drum tracking",
    description: "Send me your song and a click, get back multitrack drums recorded in a great room with your choice of drummer.",
    category: "recording",
    pricingModel: "per_session",
    priceCents: 35_000,
    turnaroundDays: 5,
    needsScheduling: false,
    daysAgo: 60,
  },
  {
    owner: "mixbyandre",
    name: "Full mix, up to 48 stems",
    description: "Radio-ready mix for hip-hop, funk and pop. Two revisions, instrumental and acapella versions included.",
    category: "mixing",
    pricingModel: "per_session",
    priceCents: 30_000,
    turnaroundDays: 5,
    needsScheduling: false,
    daysAgo: 150,
  },
  {
    owner: "mixbyandre",
    name: "EP mixing bundle",
    description: "Five songs mixed with a consistent sound across the record. Revisions per song and a shared reference call.",
    category: "mixing",
    pricingModel: "package",
    priceCents: null,
    packages: [
      { sessions: 3, priceCents: 82_000, description: "Three full mixes with two revisions each" },
      { sessions: 5, priceCents: 130_000, description: "Five full mixes with two revisions each" },
      { sessions: 5, priceCents: 165_000, description: "Five mixes, two revisions each, plus stem masters" },
    ],
    turnaroundDays: 14,
    needsScheduling: false,
    daysAgo: 40,
  },
  {
    owner: "fatimahaddad",
    name: "Dolby Atmos mix",
    description: "Immersive mix from your stereo stems, delivered as ADM with a binaural reference.",
    category: "mixing",
    pricingModel: "hourly",
    priceCents: 9_500,
    turnaroundDays: 7,
    needsScheduling: false,
    daysAgo: 80,
  },
  {
    owner: "rachelcohen",
    name: "Stereo mastering",
    description: "Mastering for streaming and CD with an analog chain. One revision and loudness-matched references.",
    category: "mixing",
    pricingModel: "per_session",
    priceCents: 12_000,
    turnaroundDays: 3,
    needsScheduling: false,
    daysAgo: 300,
  },
  {
    owner: "oskarlindqvist",
    name: "Club master",
    description: "Electronic music mastering with a club-ready low end and a streaming version.",
    category: "mixing",
    pricingModel: "per_session",
    priceCents: 6_000,
    turnaroundDays: 2,
    needsScheduling: false,
    daysAgo: 70,
  },
  {
    owner: "mayaokafor",
    name: "Custom Afrobeats production",
    description: "A full production from your idea or voice memo: drums, bass, keys and arrangement, with stems.",
    category: "production",
    pricingModel: "per_session",
    priceCents: 80_000,
    turnaroundDays: 10,
    needsScheduling: false,
    daysAgo: 100,
  },
  {
    owner: "kenjibeats",
    name: "Lo-fi beat co-production",
    description: "We build a beat together over a video call, with live Rhodes and MPC drums.",
    category: "production",
    pricingModel: "hourly",
    priceCents: 4_500,
    turnaroundDays: 2,
    needsScheduling: true,
    daysAgo: 50,
  },
  {
    owner: "eliasmoreau",
    name: "Short film score",
    description: "Original score for films up to fifteen minutes, from spotting session to final stems.",
    category: "production",
    pricingModel: "package",
    priceCents: null,
    packages: [
      { sessions: 4, priceCents: 240_000, description: "Spotting, two cue reviews and a final delivery session" },
      { sessions: 6, priceCents: 380_000, description: "Spotting, four cue reviews, live strings session and delivery" },
    ],
    turnaroundDays: 21,
    needsScheduling: true,
    daysAgo: 200,
  },
  {
    owner: "jadevocals",
    name: "Private vocal lesson",
    description: "One-to-one online lesson: breath, range, stamina and a song you want to nail.",
    category: "lessons",
    pricingModel: "hourly",
    priceCents: 7_000,
    turnaroundDays: 0,
    needsScheduling: true,
    daysAgo: 180,
  },
  {
    owner: "jadevocals",
    name: "Tour-ready vocal program",
    description: "Eight weekly lessons to build stamina and consistency before a tour or a long recording block.",
    category: "lessons",
    pricingModel: "package",
    priceCents: null,
    packages: [
      { sessions: 4, priceCents: 26_000, description: "Four weekly one-hour lessons with practice tracks" },
      { sessions: 8, priceCents: 48_000, description: "Eight weekly one-hour lessons with practice tracks" },
    ],
    turnaroundDays: 56,
    needsScheduling: true,
    daysAgo: 60,
  },
  {
    owner: "hannahbecker",
    name: "Bass lessons for producers",
    description: "Learn enough bass to write better basslines: grooves, walking lines and synth bass voicing.",
    category: "lessons",
    pricingModel: "hourly",
    priceCents: 4_000,
    turnaroundDays: 0,
    needsScheduling: true,
    daysAgo: 30,
  },
  {
    owner: "rafacosta",
    name: "Finish your track coaching",
    description: "Four sessions to take one unfinished track from loop to exported master, with homework between calls.",
    category: "consultation",
    pricingModel: "package",
    priceCents: null,
    packages: [
      { sessions: 4, priceCents: 36_000, description: "Four one-hour calls, arrangement notes and a final listen" },
      { sessions: 8, priceCents: 68_000, description: "Eight calls over two months, from first idea to a finished master" },
    ],
    turnaroundDays: 28,
    needsScheduling: true,
    daysAgo: 110,
  },
  {
    owner: "rafacosta",
    name: "Mix feedback call",
    description: "Thirty minutes of honest notes on your mix or demo, with a written summary afterwards.",
    category: "consultation",
    pricingModel: "per_session",
    priceCents: 5_000,
    turnaroundDays: 1,
    needsScheduling: true,
    daysAgo: 20,
  },
  {
    owner: "lenaschultz",
    name: "Home studio acoustics consult",
    description: "Video walk-through of your room with a treatment plan and speaker placement tips.",
    category: "consultation",
    pricingModel: "hourly",
    priceCents: 8_000,
    turnaroundDays: 3,
    needsScheduling: true,
    daysAgo: 45,
  },
  {
    owner: "tomasvega",
    name: "Remote session guitar",
    description: "Nylon or steel-string guitar on your track, recorded at home, delivered as clean and treated takes.",
    category: "other",
    pricingModel: "per_session",
    priceCents: 15_000,
    turnaroundDays: 4,
    needsScheduling: false,
    daysAgo: 75,
  },
  {
    owner: "ingridfield",
    name: "Custom field recordings",
    description: "Location ambiences recorded to your brief in Norway, delivered as edited and metadata-tagged WAV files.",
    category: "other",
    pricingModel: "package",
    priceCents: null,
    packages: [
      { sessions: 1, priceCents: 32_000, description: "One recording day and ten edited ambiences" },
      { sessions: 2, priceCents: 60_000, description: "Two recording days and twenty edited ambiences" },
    ],
    turnaroundDays: 10,
    needsScheduling: false,
    daysAgo: 95,
  },
  {
    owner: "djkofi",
    name: "Wedding and event DJ set",
    description: "Open format set with my own sound system for up to 150 guests. Travel in Accra included.",
    category: "other",
    pricingModel: "hourly",
    priceCents: 12_000,
    turnaroundDays: 0,
    needsScheduling: true,
    daysAgo: 130,
  },
  {
    owner: DEMO_USERNAME,
    name: "Custom beat",
    description: "An exclusive beat in lo-fi, trap or house, with stems and one round of changes.",
    category: "production",
    pricingModel: "per_session",
    priceCents: 25_000,
    turnaroundDays: 4,
    needsScheduling: false,
    daysAgo: 35,
  },
  // Product sellers offer their craft too, so every seller has both tabs filled.
  {
    owner: "nikoloops",
    name: "Custom drum kit design",
    description: "One-shots designed and tuned for your sound: kicks, snares, percussion and 808s, delivered as WAV.",
    category: "production",
    pricingModel: "package",
    priceCents: null,
    packages: [
      { sessions: 1, priceCents: 15_000, description: "Twenty custom one-shots from one reference track" },
      { sessions: 2, priceCents: 27_000, description: "Forty one-shots and ten loops, two rounds of changes" },
    ],
    turnaroundDays: 10,
    needsScheduling: false,
    daysAgo: 33,
  },
  {
    owner: "zaneahmed",
    name: "Drum & bass production",
    description: "Rollers, liquid or jump-up: I produce your idea into a club-ready track, remote or in my room.",
    category: "production",
    pricingModel: "hourly",
    priceCents: 6_500,
    turnaroundDays: 14,
    needsScheduling: true,
    daysAgo: 21,
  },
  {
    owner: "ninakowalski",
    name: "DJ set for private events",
    description: "Three hours of house and disco for launches, weddings and rooftop parties, with my own controller.",
    category: "other",
    pricingModel: "per_session",
    priceCents: 90_000,
    turnaroundDays: 0,
    needsScheduling: true,
    daysAgo: 12,
  },
];

export const PRODUCTS: SeedProduct[] = [
  {
    owner: "nikoloops",
    name: "Nightdrive 808 Kit",
    description: "Kick, snare, clap, open hat and a tuned 808 one-shot, ready to drop into any trap project.",
    category: "samples",
    type: "digital",
    priceCents: 1_500,
    image: "products/drum-kit-box.jpg",
    file: "files/nightdrive-808-kit.zip",
    daysAgo: 40,
  },
  {
    owner: "nikoloops",
    name: "Analog Dreams presets",
    description: "Six warm synth presets: pads, keys, plucks and a tape bass, in an open JSON format.",
    category: "presets",
    type: "digital",
    priceCents: 2_000,
    image: "products/preset-bank.jpg",
    file: "files/analog-dreams-presets.zip",
    daysAgo: 15,
  },
  {
    owner: "mayaokafor",
    name: "Sunrise house loop (124 BPM)",
    description: "A one-bar drum loop with kick, clap and open hats. Royalty free.",
    category: "loops",
    type: "digital",
    priceCents: 500,
    image: "products/loop-tiles.jpg",
    file: "files/house-loop-124bpm.wav",
    daysAgo: 25,
  },
  {
    owner: DEMO_USERNAME,
    name: "Night Drive beat lease",
    description: "Non-exclusive lease of the Night Drive trap beat: MP3 for up to ten thousand streams.",
    category: "beats",
    type: "digital",
    priceCents: 2_999,
    image: "images/neon-horizon.jpg",
    file: "audio/trap-nightdrive.mp3",
    daysAgo: 5,
  },
  {
    owner: "kenjibeats",
    name: "Dusk lo-fi beat",
    description: "A swung lo-fi beat with Rhodes chords and vinyl crackle. Lease with MP3 delivery.",
    category: "beats",
    type: "digital",
    priceCents: 2_500,
    image: "images/piano-keys.jpg",
    file: "audio/lofi-dusk.mp3",
    daysAgo: 20,
  },
  {
    owner: "eliasmoreau",
    name: "Lighthouse theme (piano version)",
    description: "The documentary theme as a finished solo piano track, licensed for personal and online video use.",
    category: "tracks",
    type: "digital",
    priceCents: 1_200,
    image: "images/sine-layers.jpg",
    file: "audio/piano-sketch.mp3",
    daysAgo: 10,
  },
  {
    owner: "zaneahmed",
    name: "Rollers drum loop pack",
    description: "A rolling drum and bass loop at 172 BPM, tempo-synced and mixed.",
    category: "loops",
    type: "digital",
    priceCents: 900,
    image: "images/eq-bars.jpg",
    file: "audio/dnb-rollers.mp3",
    daysAgo: 8,
  },
  {
    owner: "ingridfield",
    name: "Fjord ambience",
    description: "Wind, water and distant pads from the Oslofjord, a seamless loop for games and film.",
    category: "other",
    type: "digital",
    priceCents: 700,
    image: "images/dream-plasma.jpg",
    file: "audio/ambient-tides.mp3",
    daysAgo: 30,
  },
  {
    owner: "djkofi",
    name: "Sunrise Sessions tee",
    description: "Heavyweight black cotton tee from the Sunrise Sessions parties. Sizes S to XXL.",
    category: "merchandise",
    type: "physical",
    priceCents: 3_000,
    image: "products/tee-black.jpg",
    daysAgo: 50,
  },
  {
    owner: "rachelcohen",
    name: "Mastered for Vinyl test pressing",
    description: "A signed test pressing from a recent record, in a hand-numbered sleeve.",
    category: "tracks",
    type: "physical",
    priceCents: 4_500,
    image: "products/vinyl-sleeve.jpg",
    daysAgo: 12,
  },
  {
    owner: "harborstudios",
    name: "Studio headphones (refurbished)",
    description: "Closed-back tracking headphones retired from Room A, new pads and cable, fully tested.",
    category: "other",
    type: "physical",
    priceCents: 6_500,
    image: "products/headphones.jpg",
    daysAgo: 22,
  },
  {
    owner: "ninakowalski",
    name: "Warehouse night poster",
    description: "Risograph poster from night number 40, A2 on heavy paper.",
    category: "merchandise",
    type: "physical",
    priceCents: 1_800,
    image: "images/festival-peaks.jpg",
    daysAgo: 18,
  },
  {
    owner: "nikoloops",
    name: "Midnight Arps on cassette",
    description: "Limited run of the Midnight Arps tape, fifty copies with a printed inlay.",
    category: "tracks",
    type: "physical",
    priceCents: 1_400,
    daysAgo: 6,
  },
  // Service sellers sell something too, so every seller has both tabs filled.
  {
    owner: "bluehourrec",
    name: "Blue Hour session gift card",
    description: "A printed card worth four hours in our live room, posted in a kraft envelope. Valid for a year.",
    category: "merchandise",
    type: "physical",
    priceCents: 22_000,
    image: "images/studio-bokeh.jpg",
    daysAgo: 27,
  },
  {
    owner: "fatimahaddad",
    name: "House reference mix",
    description: "A finished house mix to compare your low end and vocal level against, mastered to -9 LUFS.",
    category: "tracks",
    type: "digital",
    priceCents: 900,
    image: "images/console-faders.jpg",
    file: "audio/house-sunrise.mp3",
    daysAgo: 19,
  },
  {
    owner: "hannahbecker",
    name: "Acoustic strum loops",
    description: "Steel-string guitar loops recorded with a pair of small-diaphragm condensers. Royalty free.",
    category: "loops",
    type: "digital",
    priceCents: 1_200,
    image: "images/vinyl-sunset.jpg",
    file: "audio/acoustic-strum.mp3",
    daysAgo: 9,
  },
  {
    owner: "jadevocals",
    name: "Daily warm-up track",
    description: "Ten minutes of piano-led scales and sirens to sing along with before every session.",
    category: "tracks",
    type: "digital",
    priceCents: 700,
    image: "images/mic-spotlight.jpg",
    file: "audio/piano-sketch.mp3",
    daysAgo: 30,
  },
  {
    owner: "lenaschultz",
    name: "Speaker cone art print",
    description: "A 40 x 50 cm giclée print of a woofer under studio light, signed and numbered.",
    category: "merchandise",
    type: "physical",
    priceCents: 4_500,
    image: "images/speaker-cone.jpg",
    daysAgo: 44,
  },
  {
    owner: "mixbyandre",
    name: "Synthwave Drive (mixed master)",
    description: "The full mix of my synthwave demo, useful as a reference for wide pads and punchy gated drums.",
    category: "tracks",
    type: "digital",
    priceCents: 600,
    image: "images/neon-horizon.jpg",
    file: "audio/synthwave-drive.mp3",
    daysAgo: 16,
  },
  {
    owner: "oskarlindqvist",
    name: "124 BPM mastering test loop",
    description: "A dry drum loop for checking how a limiter treats transients before you commit to a master.",
    category: "loops",
    type: "digital",
    priceCents: 300,
    image: "images/eq-bars.jpg",
    file: "files/house-loop-124bpm.wav",
    daysAgo: 11,
  },
  {
    owner: "rafacosta",
    name: "Beat-making starter kit",
    description: "The 808, kick and snare kit I hand my coaching students on day one, with a short setup guide.",
    category: "samples",
    type: "digital",
    priceCents: 1_000,
    image: "products/drum-kit-box.jpg",
    file: "files/nightdrive-808-kit.zip",
    daysAgo: 7,
  },
  {
    owner: "tomasvega",
    name: "Tour tee",
    description: "Black heavyweight cotton tee from the spring tour, printed in Madrid. Sizes S to XXL.",
    category: "merchandise",
    type: "physical",
    priceCents: 2_500,
    image: "products/tee-black.jpg",
    daysAgo: 5,
  },
];

export const CONVERSATIONS: SeedConversation[] = [
  {
    with: "mixbyandre",
    readByDemo: false,
    messages: [
      { fromDemo: true, text: "Hi André! I have a trap beat with vocals that needs a proper mix. Do you have a slot this month?", minutesAgo: 3 * 24 * 60 },
      { fromDemo: false, text: "Hey! Yes, I can start next Monday. How many stems?", minutesAgo: 3 * 24 * 60 - 42 },
      { fromDemo: true, text: "About thirty, vocals already comped.", minutesAgo: 3 * 24 * 60 - 60 },
      { fromDemo: false, text: "Perfect. Book the full mix service and send the stems as WAV, 24 bit.", minutesAgo: 2 * 24 * 60 },
      { fromDemo: false, text: "Also send me a reference track you love, it helps a lot.", minutesAgo: 2 * 24 * 60 - 5 },
    ],
  },
  {
    with: "ameliawren",
    readByDemo: true,
    messages: [
      { fromDemo: false, text: "Loved the lo-fi sketch. Could I write a topline on it?", minutesAgo: 26 * 60 },
      { fromDemo: true, text: "Yes please! I will send the stems tonight.", minutesAgo: 25 * 60 },
      { fromDemo: false, text: "Amazing. I am in the studio Thursday, will send a rough vocal after.", minutesAgo: 24 * 60 },
      { fromDemo: true, text: "Can't wait to hear it.", minutesAgo: 23 * 60 },
    ],
  },
  {
    with: "harborstudios",
    readByDemo: false,
    messages: [
      { fromDemo: true, text: "Hi Grace, is Room A free on a Saturday next month for a live session?", minutesAgo: 6 * 24 * 60 },
      { fromDemo: false, text: "Hi! The 14th and the 21st are open. The day rate includes an engineer.", minutesAgo: 5 * 24 * 60 },
      { fromDemo: false, text: "Let me know which one and I will hold it for you.", minutesAgo: 5 * 24 * 60 - 2 },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Reviews (decision record 0047): completed service orders with their buyers' reviews, so public
// cards and detail pages show real ratings. A review's order is built with it (completed
// `daysAgo`, paid a week before); `service` names one of SERVICES by its owner's name.

export interface SeedReview {
  buyer: string;
  owner: string;
  service: string;
  rating: number;
  text: string;
  daysAgo: number;
  /** The seller's answer, if they gave one. */
  answer?: string;
}

export const REVIEWS: SeedReview[] = [
  { buyer: DEMO_USERNAME, owner: "mixbyandre", service: "Full mix, up to 48 stems", rating: 5, text: "Andre pulled the vocal forward without losing the room. Two small notes, both fixed the same day.", daysAgo: 20, answer: "Thanks! That chorus was a joy to mix." },
  { buyer: "kenjibeats", owner: "mixbyandre", service: "Full mix, up to 48 stems", rating: 5, text: "Punchy low end that still translates on earbuds. Will book again for the next single.", daysAgo: 45 },
  { buyer: "tomasvega", owner: "mixbyandre", service: "Full mix, up to 48 stems", rating: 4, text: "Great mix; the first pass was a little bright for my taste but the revision nailed it.", daysAgo: 70 },
  { buyer: DEMO_USERNAME, owner: "rachelcohen", service: "Stereo mastering", rating: 5, text: "Loud where it should be and still breathing. Clear notes on what she changed and why.", daysAgo: 12 },
  { buyer: "lenaschultz", owner: "rachelcohen", service: "Stereo mastering", rating: 4, text: "Solid master and a fast turnaround. Would have liked one more alternate version.", daysAgo: 33, answer: "Fair point; alternates are now included by default." },
  { buyer: "mayaokafor", owner: "jadevocals", service: "Private vocal lesson", rating: 5, text: "Jade found the tension in my upper range in ten minutes and gave me exercises that work.", daysAgo: 9 },
  { buyer: "kenjibeats", owner: "lenaschultz", service: "Remote drum tracking", rating: 3, text: "Good drums and good sound, but delivery came two days later than agreed.", daysAgo: 60, answer: "Sorry about the delay: a snare head split mid-session. Thanks for your patience." },
];

// ---------------------------------------------------------------------------------------------
// A delivery under review (decision record 0091): the demo account's order of a mix, delivered
// twice. Its revision request sent two notes on v1; the seller resolved one in v2 and explained
// the other in the second delivery's note, so the order page shows versions, an A/B pair, notes
// on the waveform (one resolved) and the buyer's choice to accept or ask again. Both versions
// play the same demo track (the seed has no second take of a song); loudness was never measured
// for the seed's files, so none is stored.

interface SeedRevisionNote {
  /** The version's number the note is on. */
  version: number;
  atMs: number;
  endMs?: number;
  text: string;
  /** The later version it was resolved in, if any. */
  resolvedIn?: number;
}

export interface SeedRevisionOrder {
  buyer: string;
  owner: string;
  service: string;
  /** Paid this many days ago; the steps follow day by day. */
  daysAgo: number;
  versions: { file: string; name: string; note: string; deliveryNote: string }[];
  requestNote: string;
  notes: SeedRevisionNote[];
}

export const REVISION_ORDER: SeedRevisionOrder = {
  buyer: DEMO_USERNAME,
  owner: "mixbyandre",
  service: "Full mix, up to 48 stems",
  daysAgo: 6,
  versions: [
    {
      file: "audio/lofi-dusk.mp3",
      name: "dusk-mix-v1.mp3",
      note: "First pass: vocal up front, drums glued on the bus.",
      deliveryNote: "Here is the first mix. Play it on a small speaker too.",
    },
    {
      file: "audio/lofi-dusk.mp3",
      name: "dusk-mix-v2.mp3",
      note: "Kick up 1.5 dB, a little less low end on the bass.",
      deliveryNote: "Kick fixed. I tried the Rhodes louder but it masked the vocal, so I kept it where it sits.",
    },
  ],
  requestNote: "Two things, both marked on the waveform.",
  notes: [
    { version: 1, atMs: 3_200, text: "The kick disappears under the bass here.", resolvedIn: 2 },
    { version: 1, atMs: 9_000, endMs: 12_500, text: "Could the Rhodes come forward in this part?" },
  ],
};
