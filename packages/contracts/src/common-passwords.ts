/**
 * The most common passwords of at least 8 characters (from public breach top lists, plus Spanish and
 * Chilean favourites). Compared case-insensitively after trimming; kept short so it can ship to the
 * browser for instant feedback. The server also refuses a much longer list (apps/api password-policy).
 */
const list = `12345678 123456789 1234567890 0123456789 12341234 11111111 00000000 22222222 88888888 99999999
87654321 987654321 9876543210 11223344 12121212 123123123 12344321 1q2w3e4r 1q2w3e4r5t 1qaz2wsx
qwertyui qwertyuiop qwerty123 qwerty12 asdfghjk asdfghjkl zxcvbnm1 zxcvbnmm password password1
password12 password123 passw0rd p@ssw0rd p@ssword iloveyou iloveyou1 sunshine princess baseball
football football1 superman batman123 trustno1 welcome1 welcome123 letmein1 letmein123 abc12345
abcd1234 abcdefgh a1234567 aa123456 monkey123 dragon123 master123 michael1 jennifer charlie1
starwars whatever computer internet shadow12 123qweasd qweasdzxc 1qazxsw2 zaq12wsx changeme
secret123 admin123 administrator 1234qwer qwer1234 q1w2e3r4 q1w2e3r4t5 samsung1 google123
facebook minecraft pokemon1 naruto123 fortnite contraseña contrasena contraseña1 contrasena1
contraseña123 contrasena123 micontraseña micontrasena clave123 clave1234 chile123 chile1234
chilechile colocolo colocolo1 universidad santiago teamo123 tequiero tequiero1 teamomucho
mariposa1 corazon1 princesa princesa1 angelito estrella1 chocolate chocolate1 familia1
jesucristo dios1234 diosesamor amorcito cristiano messi1234 123456789a 12345678a password2
abc123456 iloveyou2 daniela1 carolina1 valentina javiera1 fernanda1 catalina1 constanza
sebastian matias123 benjamin1 estudiante profesor colegio1 escuela1 fics1234 fics12345`;

const common = new Set(list.split(/\s+/).filter(Boolean));

export function isCommonPassword(value: string): boolean {
  return common.has(value.trim().toLowerCase());
}
