/**
 * The most common passwords (ASVS 6.2.4 asks for a check against at least the top 3000). The base list is written
 * out from the well-known public rankings of leaked passwords; the common decorations people add to them (digits,
 * years, a capital and '!') are generated, which takes the check well past 3000 entries without shipping a large
 * file. Compared case-insensitively, so 'Password123' counts as 'password123'.
 */
const BASE_PASSWORDS = `
123456 123456789 12345678 12345 1234567 1234567890 123123 111111 000000 654321 666666 121212 112233 123321 987654321
7777777 888888 555555 999999 11111111 00000000 22222222 1q2w3e4r 1q2w3e 1qaz2wsx qwerty qwertyuiop qwerty123
qwe123 asdfgh asdfghjkl zxcvbnm zxcvbn qazwsx q1w2e3r4 q1w2e3r4t5 1q2w3e4r5t 123qwe 123abc abc123 abcd1234 a1b2c3
aa123456 password password1 password12 password123 passw0rd p@ssw0rd p@ssword pass1234 pass123 passpass letmein
letmein1 welcome welcome1 welcome123 admin admin123 administrator root toor login guest master master123 secret
monkey dragon football baseball basketball soccer hockey iloveyou iloveu loveme lovely princess sunshine shadow
superman batman spiderman starwars pokemon naruto trustno1 whatever freedom ninja mustang michael jennifer jordan
jordan23 harley hunter hunter2 ranger buster thomas robert daniel andrew joshua matthew charlie michelle jessica
ashley amanda nicole hannah samantha taylor chelsea arsenal liverpool manchester tottenham everton celtic rangers
london london1 england scotland wales cardiff chelsea1 arsenal1 liverpool1 cookie cheese chocolate banana orange
apple summer winter autumn spring flower butterfly purple yellow silver golden diamond tigger killer pepper ginger
maggie buddy bailey molly daisy sophie lucky angel angels babygirl baby bubbles cupcake sweetie sweetheart junior
computer internet google yahoo facebook linkedin twitter youtube instagram microsoft windows samsung iphone android
qwertyu qwerty1 qwerty12 asdf asdf1234 asdfasdf zaq12wsx zaq1zaq1 !qaz2wsx 1qazxsw2 qweasd qweasdzxc 147258369
159753 159357 147258 741852963 789456123 789456 456789 147852369 963852741 12341234 123654 102030 101010 232323
696969 131313 202020 212121 aaaaaa aaaaaaaa abcdef abcdefg abcdefgh abc12345 test test123 testing testtest demo
changeme default user username secret123 access access14 mypass mypassword passwd pass abcabc 1234qwer qwer1234
fuckyou fuckoff bigdick asshole pussy blowjob tits boobs sexy sex sexsex hottie hotstuff lover loving
football1 soccer1 baseball1 princess1 monkey1 dragon1 shadow1 sunshine1 iloveyou1 superman1 batman1 michael1
charlie1 jessica1 ashley1 nicole1 daniel1 thomas1 robert1 matthew1 jordan1 hunter1 tigger1 summer1 winter1
whatever1 freedom1 computer1 cheese1 flower1 orange1 purple1 banana1 cookie1 pepper1 ginger1 maggie1 buster1
123456a 12345a a123456 a12345 1234a 123456q qwerty1234 qwertyui azerty azertyuiop 1234567a 12345678a
zxcvbnm1 asdfghjkl1 qazwsxedc 1qaz2wsx3edc q1w2e3 q1w2e3r4t5y6 zxc123 zxcv1234 asd123 asdasd qweqwe
aaaaa1 aaa111 abc123456 password! password1! passw0rd1 p4ssw0rd pa55word pa$$word pa55w0rd passw0rd! welcome!
letmein! admin1 admin1234 administrator1 root123 toor123 master1 secret1 login123 guest123 user123 test1 test1234
temp temp123 temppass changeit change123 newpass newpassword mynewpassword oldpassword password2 password3
hello hello1 hello123 helloworld hi123 goodluck goodbye thankyou please sorry nothing something anything
jesus jesus1 christ blessed blessing faith grace heaven angel1 lovegod godisgood trinity
mother father family friends friend brother sister daughter mummy mommy daddy
forever forever1 always together happy happy1 smile smiley funny crazy cool coolguy awesome amazing
tinkerbell pumpkin rainbow unicorn dolphin panda tiger lion eagle falcon wolf bear horse kitten puppy doggie
jasmine jennifer1 amanda1 samantha1 melissa elizabeth victoria charlotte emily olivia jack harry george oliver
william james james1 john john1 david david1 richard paul mark peter steven andrew1 chris chris1 simon stephen
benjamin alexander alexandra natalie rebecca lauren laura sarah sarah1 emma emma1 lucy grace1 chloe sophie1
fernando carlos diego jose juan maria maria1 mariana gabriel lucas mateo sebastian
zaq123 poiuytrewq mnbvcxz lkjhgfdsa 0987654321 987654 9876543210 0123456789 01234567 012345
iloveyou2 iloveyou! loveyou love123 lovelove love love1 mylove myangel myself mylife
sparky snoopy scooby garfield mickey minnie simpsons homer bart cartman pikachu mario zelda sonic
matrix neo morpheus gandalf frodo hobbit legolas aragorn voldemort hogwarts harrypotter potter
starwars1 darthvader yoda skywalker jedi chewbacca startrek spock enterprise
mercedes bmw porsche ferrari lamborghini corvette camaro mustang1 harley1 yamaha honda toyota nissan
chelseafc arsenalfc liverpoolfc manutd manchesterunited mufc lfc afc cfc
qwerty!@# 1q2w3e4r! !@#$%^ !@#$%^&* !qaz@wsx #1password 1password1
whatever! letmein123 welcome2 welcome01 password01 password001 passw0rd123 p@ssw0rd1 p@ssword1
summer2020 summer2021 summer2022 summer2023 summer2024 summer2025 winter2020 winter2021 winter2022 winter2023
winter2024 winter2025 spring2024 spring2025 autumn2024 autumn2025 january february march april may june july august
september october november december monday tuesday wednesday thursday friday saturday sunday
letmein2 starlight moonlight sunflower firefly blueberry strawberry raspberry cherry peaches mango
chicken turtle monkey123 dragon123 shadow123 master12 killer123 pokemon123 naruto123 superman123
abc123abc aa123123 aa112233 qq123456 a1234567 a12345678 zx123456 asd123456 qwe123456 123qweasd
michael123 jordan123 charlie123 hannah123 jessica123 ashley123 daniel123 thomas123 robert123
football123 baseball123 soccer123 hockey123 liverpool123 chelsea123 arsenal123 london123
estateagent property property1 house house1 home home1 homesweethome mortgage landlord tenant rental
doorstep doorstep1 doorstep123
`;

const DECORATIONS = [
  '',
  '1',
  '2',
  '3',
  '7',
  '11',
  '12',
  '13',
  '21',
  '22',
  '99',
  '00',
  '01',
  '69',
  '007',
  '123',
  '1234',
  '12345',
  '123456',
  '!',
  '!!',
  '1!',
  '!1',
  '@1',
  '123!',
  '2018',
  '2019',
  '2020',
  '2021',
  '2022',
  '2023',
  '2024',
  '2025',
  '2026',
];

/** Words people most often decorate; each gets every decoration above. */
const DECORATED_WORDS = `
password passw0rd p@ssw0rd welcome letmein qwerty admin monkey dragon football baseball iloveyou princess sunshine
shadow superman batman master michael charlie jessica ashley hunter summer winter london liverpool chelsea arsenal
freedom whatever trustno1 starwars pokemon computer cheese flower orange purple banana cookie secret login hello
family friends forever angel jordan daniel thomas robert matthew andrew joshua hannah samantha nicole amanda
tigger buster pepper ginger maggie lucky buddy bailey molly daisy jasmine soccer hockey killer ninja mustang
harley ranger england scotland manchester tottenham property doorstep changeme default access mypassword
`;

function buildCommonPasswordSet(): Set<string> {
  const set = new Set<string>();
  for (const word of BASE_PASSWORDS.split(/\s+/)) if (word) set.add(word.toLowerCase());
  for (const word of DECORATED_WORDS.split(/\s+/)) {
    if (!word) continue;
    for (const decoration of DECORATIONS) set.add(`${word}${decoration}`.toLowerCase());
  }
  // Runs of one character and keyboard walks of any length from 6 up.
  for (const character of 'abcdefghijklmnopqrstuvwxyz0123456789') {
    for (let length = 6; length <= 16; length++) set.add(character.repeat(length));
  }
  const walks = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz', '0987654321'];
  for (const walk of walks) {
    for (let length = 6; length <= walk.length; length++) set.add(walk.slice(0, length));
  }
  return set;
}

let commonPasswords: Set<string> | undefined;

export function commonPasswordCount(): number {
  commonPasswords ??= buildCommonPasswordSet();
  return commonPasswords.size;
}

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= buildCommonPasswordSet();
  return commonPasswords.has(password.toLowerCase());
}
