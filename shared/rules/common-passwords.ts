// The most common passwords of public breach corpora (the well-known "top lists"), plus the
// capitalised-and-decorated variants people use to satisfy composition rules, such as
// "Password1!" or "Qwerty123!". Entries are lowercase: candidates are compared lowercased, so
// "PASSWORD1!" is caught as well. The list is deliberately small enough to ship to the browser.

const LIST = `
123456 password 123456789 12345678 12345 qwerty 1234567 111111 1234567890 123123 abc123 1234
password1 iloveyou 1q2w3e4r 000000 qwerty123 zaq12wsx dragon sunshine princess letmein 654321
monkey 27653 1qaz2wsx 123321 qwertyuiop superman asdfghjkl baseball football master welcome
shadow michael jennifer 666666 jordan23 harley hunter trustno1 ranger buster thomas tigger robert
soccer batman test pass killer hockey george charlie andrew michelle love jessica asshole 2000
pepper daniel access 123qwe joshua maggie starwars silver william dallas yankees 654321a hello
freedom whatever nicole amanda ginger hammer summer corvette taylor fucker austin 1111 merlin
matthew 121212 golfer cheese princess1 martin chelsea patrick richard diamond yellow bigdog
secret asdfgh sparky cowboy camaro anthony matrix falcon iloveyou1 bailey guitar jackson purple
scooter phoenix aaaaaa morgan tigers porsche mickey maverick cookie nascar peanut justin 131313
money horny samantha panties steelers joseph snoopy boomer whatever1 iceman smokey gateway
dakota cowboys eagles chicken dick black zxcvbn please andrea ferrari knight hardcore melissa
compaq coffee booboo bitch johnny bulldog xxxxxx welcome1 kimberly rachel barney 7777777 thunder
blowme 123abc 159753 987654321 q1w2e3r4 abcd1234 qazwsx zxcvbnm asdf1234 password123 admin
admin123 administrator root toor changeme default guest user login passw0rd p@ssw0rd p@ssword
pa55word letmein1 welcome123 monkey123 dragon123 master123 football1 baseball1 sunshine1
shadow1 superman1 batman1 trustno11 qwerty1 qwerty12 123456a a123456 1234qwer qwer1234 1qazxsw2
azerty 11111111 00000000 88888888 12341234 112233 123654 123789 147258369 159357 987654 102030
555555 222222 333333 444444 999999 777777 888888 101010 696969 123123123 11111 1234561 12345a
password12 password1234 iloveyou2 loveyou lovely flower hottie angel angels babygirl butterfly
liverpool arsenal chelsea1 manchester barcelona pokemon minecraft fortnite roblox naruto
computer internet samsung apple google facebook linkedin myspace youtube yahoo hotmail
qwertyu 1q2w3e 1q2w3e4r5t 1q2w3e4r5t6y zaq1zaq1 qazwsxedc 1qaz2wsx3edc !qaz2wsx 1qaz@wsx
password! password1! password123! passw0rd! p@ssw0rd1 p@ssw0rd! p@ssw0rd123 p@$$w0rd
qwerty123! qwerty1! qwerty@123 welcome1! welcome123! welcome@123 admin@123 admin123! admin1!
letmein1! letmein123 monkey1! dragon1! master1! iloveyou! iloveyou123 abc123! abc@123 abcd@1234
summer2023 summer2024 summer2025 winter2023 winter2024 winter2025 spring2024 autumn2024
summer2023! summer2024! summer2025! winter2024! winter2025! spring2024! autumn2024!
password2023 password2024 password2025 password2023! password2024! password2025!
welcome2024 welcome2025 welcome2024! welcome2025! changeme1 changeme! changeme123
test123 test1234 test@123 testing testing123 demo demo123 temp temp123 temppass
secret123 secret1 mypassword mypass mustang access14 jordan jordan1 michael1 charlie1
hello123 hello1 hello@123 hellokitty sunshine! princess! football! baseball! superman!
music music123 music1 musician guitar1 guitar123 drummer piano piano123 singer producer
beats rapper hiphop rockstar rocknroll metallica nirvana eminem drake beyonce spotify
soundcloud studio mixing mastering playlist melody rhythm bass1234 dj123456
iloveu ilovemusic iloveyou12 trustme trustno1! nothing whatever! forever forever1
family family1 friends friend1 blessed blessed1 jesus jesus1 jesus123 godisgood
qwerty12345 qwertyui 123qweasd qweasd qweasdzxc 1qwerty 1234abcd abcdef abcdefg abcdefgh
1a2b3c4d a1b2c3d4 a1b2c3 zxcvbnm1 asdasd asdasd123 qweqwe zxczxc aaaaaaaa abc12345
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter((p) => p !== ""));

/** True when the password, compared lowercased, is on the breached list. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
