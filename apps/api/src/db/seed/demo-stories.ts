import type { CoverMotif, CoverPaletteName } from './demo-covers';

/**
 * What the demo shows besides its accounts (SEED_DEMO): the students who write, the teachers'
 * rubrics, and the fics, in every status. The stories are original, written for the demo.
 */

/** The demo schools' grades (demo.ts DEMO_COLLEGES). */
export type DemoGradeKey = 'quintoA' | 'primeroB' | 'sextoA' | 'segundoC';

/** The demo student with a password (demo.ts DEMO_USERS). */
const SOFIA = 'estudiante@demo.fics.cl';

/**
 * Students of the demo schools without a password: they cannot log in (like an invitation not yet
 * accepted); they are there so the gallery and the review lists show several authors.
 */
export const DEMO_STUDENTS: readonly {
  name: string;
  email: string;
  grade: DemoGradeKey;
  /** Issue 22.5: a student under 14 whose guardian has not consented (every other one has). */
  birthYear?: number;
  withoutConsent?: true;
}[] = [
  { name: 'Martina Rojas', email: 'martina.rojas@demo.fics.cl', grade: 'quintoA' },
  { name: 'Benjamín Soto', email: 'benjamin.soto@demo.fics.cl', grade: 'quintoA' },
  { name: 'Isidora Fuentes', email: 'isidora.fuentes@demo.fics.cl', grade: 'quintoA' },
  { name: 'Tomás Herrera', email: 'tomas.herrera@demo.fics.cl', grade: 'primeroB' },
  { name: 'Catalina Muñoz', email: 'catalina.munoz@demo.fics.cl', grade: 'primeroB' },
  { name: 'Vicente Araya', email: 'vicente.araya@demo.fics.cl', grade: 'primeroB' },
  { name: 'Florencia Pizarro', email: 'florencia.pizarro@demo.fics.cl', grade: 'sextoA' },
  { name: 'Joaquín Tapia', email: 'joaquin.tapia@demo.fics.cl', grade: 'sextoA' },
  { name: 'Amanda Reyes', email: 'amanda.reyes@demo.fics.cl', grade: 'sextoA' },
  { name: 'Lucas Morales', email: 'lucas.morales@demo.fics.cl', grade: 'segundoC' },
  { name: 'Renata Vega', email: 'renata.vega@demo.fics.cl', grade: 'segundoC' },
  { name: 'Gaspar Núñez', email: 'gaspar.nunez@demo.fics.cl', grade: 'segundoC' },
  // Eleven, without a guardian's consent yet: her published fic is seen only within her school
  // (docs/decisions/privacy.md 'Consentimiento'), so the demo shows both cases.
  {
    name: 'Emilia Castro',
    email: 'emilia.castro@demo.fics.cl',
    grade: 'quintoA',
    birthYear: new Date().getFullYear() - 11,
    withoutConsent: true,
  },
];

const student = (key: string) => DEMO_STUDENTS.find((s) => s.email.startsWith(`${key}.`))!.email;

export interface DemoRubric {
  /** The teacher who owns it (demo.ts DEMO_USERS), who evaluates with it. */
  owner: string;
  title: string;
  description: string;
  /** One row per criterion: the criterion, then what Logrado, Medianamente logrado and Por lograr mean. */
  rows: readonly (readonly [string, string, string, string])[];
}

/** One rubric per demo teacher, on the default grid of spec 001 §9 (Logrado 3, Medianamente 2, Por lograr 1). */
export const DEMO_RUBRICS: readonly DemoRubric[] = [
  {
    owner: 'docente@demo.fics.cl',
    title: 'Escritura creativa',
    description: 'Pauta para cuentos breves: ortografía, coherencia, creatividad y vocabulario.',
    rows: [
      [
        'Ortografía y puntuación',
        'Escribe sin errores de ortografía y usa bien los puntos, las comas y las tildes.',
        'Comete algunos errores de ortografía o puntuación que no impiden entender el texto.',
        'Los errores de ortografía y puntuación dificultan la lectura.',
      ],
      [
        'Coherencia',
        'La historia tiene inicio, desarrollo y desenlace, y sus ideas se conectan con claridad.',
        'La historia se entiende, pero algunas partes no se conectan bien entre sí.',
        'Las ideas aparecen desordenadas y cuesta seguir la historia.',
      ],
      [
        'Creatividad',
        'Propone ideas originales, personajes memorables o un final sorprendente.',
        'Incluye ideas propias, aunque la historia sigue un camino conocido.',
        'Repite ideas conocidas sin aportar nada propio.',
      ],
      [
        'Vocabulario',
        'Usa palabras variadas y precisas, y evita las repeticiones.',
        'Usa un vocabulario adecuado, con algunas repeticiones.',
        'El vocabulario es limitado y se repiten muchas palabras.',
      ],
    ],
  },
  {
    owner: 'profesora@demo.fics.cl',
    title: 'Pauta de cuento breve',
    description: 'Estructura, personajes, ortografía y originalidad de un cuento de una o dos páginas.',
    rows: [
      [
        'Estructura',
        'El inicio, el desarrollo y el desenlace son claros y están bien equilibrados.',
        'Tiene las tres partes, pero alguna es muy breve o confusa.',
        'Falta alguna de las partes del cuento.',
      ],
      [
        'Personajes',
        'Los personajes tienen rasgos propios y se entiende lo que quieren.',
        'Los personajes se describen poco, pero sus acciones se entienden.',
        'No se sabe quiénes son los personajes ni qué quieren.',
      ],
      [
        'Ortografía',
        'No hay errores de ortografía ni de puntuación.',
        'Hay pocos errores, y no dificultan la lectura.',
        'Hay muchos errores, y dificultan la lectura.',
      ],
      [
        'Originalidad',
        'La historia sorprende y tiene una mirada propia.',
        'Tiene detalles propios dentro de una trama conocida.',
        'Repite una historia conocida sin cambios.',
      ],
    ],
  },
];

export type DemoStatus = 'EDITING' | 'REVIEWING' | 'EVALUATED' | 'PUBLISHED';

export interface DemoStory {
  /** Stable name: seeds the cover's drawing. */
  key: string;
  /** The author's e-mail (a demo student). */
  author: string;
  title: string;
  /** The text, one paragraph each (inline HTML: `<strong>`, `<em>`). */
  paragraphs: readonly string[];
  status: DemoStatus;
  /**
   * Times it was sent for review. With 2, the first sending lacked the last paragraph (the student
   * added it after the evaluation), and round 1's revision says so.
   */
  rounds: 0 | 1 | 2;
  anonymity?: true;
  nickname?: string;
  location: string;
  tags: readonly string[];
  cover: { motif: CoverMotif; palette: CoverPaletteName };
  /** Days since its last change: publication for a published fic, the evaluation, the sending… */
  daysAgo: number;
  writingMinutes: number;
  /** By the teacher of the author's grade, with their rubric: the level reached in each row (3, 2 or 1 points). */
  evaluation?: { marks: readonly (1 | 2 | 3)[]; comment: string };
}

/**
 * Published fics, newest first: 25. The last one's author has no guardian's consent (issue 22.5),
 * so visitors see 24: two pages of the home page's 12 cards.
 */
const published: DemoStory[] = [
  {
    key: 'faro',
    author: SOFIA,
    title: 'El faro que no quería apagarse',
    paragraphs: [
      'En la punta de la caleta había un faro viejo que se llamaba Ramón. Todas las noches encendía su luz para que los botes de los pescadores volvieran a casa sin chocar con las rocas.',
      'Un día llegó una carta de la municipalidad: iban a instalar una boya con luz eléctrica y el faro ya no sería necesario. Ramón se puso tan triste que su luz empezó a parpadear.',
      'Esa misma noche hubo una tormenta enorme. La boya nueva se soltó y se la llevaron las olas. <strong>Ramón brilló más fuerte que nunca</strong>, y los doce botes de la caleta llegaron sanos y salvos.',
      'Desde entonces los pescadores le llevan flores cada domingo, y la boya, que apareció en la playa, es ahora el columpio favorito de los niños del pueblo.',
    ],
    status: 'PUBLISHED',
    rounds: 2,
    location: 'Caleta Portales',
    tags: ['mar', 'amistad', 'faros'],
    cover: { motif: 'sea', palette: 'oceano' },
    daysAgo: 0.6,
    writingMinutes: 55,
    evaluation: {
      marks: [3, 3, 3, 2],
      comment: 'El final nuevo quedó precioso. ¡Bien por corregir las tildes!',
    },
  },
  {
    key: 'biblioteca',
    author: student('martina'),
    title: 'La biblioteca de los libros perdidos',
    paragraphs: [
      'En mi escuela hay una puerta que nadie abre, al fondo de la biblioteca. La señora Elena dice que es una bodega, pero yo sé que no es verdad, porque los jueves por la tarde se escucha a alguien pasar páginas.',
      'Un jueves me quedé escondida detrás del estante de los diccionarios. Cuando todos se fueron, la puerta se abrió sola y vi una sala llena de libros que flotaban como peces en una pecera.',
      'Eran los libros que la gente nunca devolvió. Uno de ellos se acercó y me mostró su primera página: <em>«Préstamo vencido hace cuarenta años»</em>. Al día siguiente lo dejé en el mesón, y la señora Elena lloró de alegría: era el libro que leía cuando tenía mi edad.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    nickname: 'Tinta Violeta',
    location: 'Santiago',
    tags: ['misterio', 'libros', 'escuela'],
    cover: { motif: 'shapes', palette: 'lavanda' },
    daysAgo: 2.1,
    writingMinutes: 48,
    evaluation: {
      marks: [3, 2, 3, 3],
      comment: 'Un misterio muy bien armado. Cuida la conexión del segundo párrafo.',
    },
  },
  {
    key: 'cerro',
    author: student('florencia'),
    title: 'Veinte escalones hasta el cerro',
    paragraphs: [
      'Mi abuelo dice que en Valparaíso nadie camina derecho: todos suben o bajan. Desde su casa hasta el almacén hay veinte escalones, y cada uno tiene un nombre que él inventó cuando era niño.',
      'El escalón siete se llama «el que cruje», y el doce, «el de los gatos», porque ahí toman sol tres gatos naranjos que parecen hermanos. El último se llama «el mirador»: desde ahí se ven los barcos entrando a la bahía.',
      'Este verano el abuelo se quebró un pie y no podía bajar. Así que bajo yo por él y le cuento todo lo que pasa en cada escalón. <strong>Él cierra los ojos y sonríe</strong>, como si estuviera caminando conmigo.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Cerro Alegre, Valparaíso',
    tags: ['Valparaíso', 'familia', 'ciudad'],
    cover: { motif: 'city', palette: 'atardecer' },
    daysAgo: 3.4,
    writingMinutes: 62,
    evaluation: {
      marks: [3, 3, 2, 3],
      comment: 'Se siente el cerro en cada frase. Muy buen uso de los detalles.',
    },
  },
  {
    key: 'volcan',
    author: student('benjamin'),
    title: 'Cuando el volcán estornudó',
    paragraphs: [
      'El volcán Tolú tenía alergia al polvo. Todos los veranos, cuando el viento levantaba tierra del desierto, le picaba la nariz y hacía un ruido terrible: <strong>¡Aaaa… aaaa… chís!</strong>',
      'Los habitantes del pueblo sabían lo que tenían que hacer. Cerraban las ventanas, guardaban la ropa tendida y se ponían sombrero, porque el estornudo del volcán llenaba el cielo de ceniza tibia.',
      'Un año, una niña llamada Paz subió hasta el cráter con un pañuelo gigante que había cosido todo el pueblo. El volcán se sonó tan fuerte que el pañuelo salió volando hasta Bolivia, pero desde ese día estornuda con educación: <em>avisa tres días antes</em>.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'San Pedro de Atacama',
    tags: ['humor', 'naturaleza', 'volcanes'],
    cover: { motif: 'hills', palette: 'volcan' },
    daysAgo: 5.2,
    writingMinutes: 35,
    evaluation: { marks: [2, 3, 3, 2], comment: 'Me reí mucho con el volcán. Revisa el uso de las comas.' },
  },
  {
    key: 'estrellas',
    author: student('isidora'),
    title: 'La niña que coleccionaba estrellas',
    paragraphs: [
      'Antonia guardaba estrellas en un frasco de mermelada. No las sacaba del cielo, porque eso habría sido egoísta: solo recogía las que se caían por accidente, cuando alguien pedía un deseo con demasiada fuerza.',
      'Las estrellas caídas eran pequeñas y tibias, como porotos brillantes. Antonia les daba agua con azúcar y les contaba cuentos hasta que se sentían mejor.',
      'Cuando el frasco se llenó, su mamá le preguntó qué haría con tantas. Antonia subió al techo, abrió la tapa y las dejó ir. <em>Esa noche el cielo del pueblo tuvo cuarenta y tres estrellas nuevas</em>, y nadie supo nunca de dónde habían salido.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    anonymity: true,
    location: 'Santiago',
    tags: ['fantasía', 'noche', 'sueños'],
    cover: { motif: 'night', palette: 'noche' },
    daysAgo: 6.7,
    writingMinutes: 40,
    evaluation: { marks: [3, 3, 3, 3], comment: '¡Un cuento redondo! La imagen del frasco es muy poética.' },
  },
  {
    key: 'gravedad',
    author: student('lucas'),
    title: 'Un lunes sin gravedad',
    paragraphs: [
      'El lunes a las 8:15, justo cuando empezaba la prueba de matemáticas, la gravedad dejó de funcionar en el liceo. Primero flotaron los lápices, después las mochilas y, al final, nosotros.',
      'El profesor Ibáñez intentó seguir dictando los ejercicios mientras daba vueltas lentamente cerca del techo. Martín atrapó el borrador a tres metros de altura y lo celebró como un gol en la final del mundial.',
      'A las 9:00 en punto la gravedad volvió, y todos caímos suavemente sobre nuestras sillas, como plumas. Nadie encontró una explicación científica. Pero la prueba se aplazó para el jueves, y <strong>eso fue lo más parecido a un milagro</strong> que hemos visto.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Valparaíso',
    tags: ['ciencia ficción', 'humor', 'escuela'],
    cover: { motif: 'bubbles', palette: 'menta' },
    daysAgo: 8.3,
    writingMinutes: 44,
    evaluation: {
      marks: [2, 3, 3, 3],
      comment: 'Idea muy original. El desenlace podría desarrollarse un poco más.',
    },
  },
  {
    key: 'jardin',
    author: student('catalina'),
    title: 'El jardín que crecía de noche',
    paragraphs: [
      'En el patio de la casa de al lado había un jardín que de día parecía abandonado: maleza, maceteros rotos y una manguera enrollada como una serpiente dormida.',
      'Pero cuando se apagaban las luces del pasaje, las flores despertaban. Los cardenales se estiraban, las calas abrían sus copas blancas y un jazmín trepaba por la reja hasta mi ventana para dejarme su perfume.',
      'Una noche bajé descalza a mirarlas de cerca. Las flores se quedaron quietas, avergonzadas, hasta que una dalia me hizo una reverencia. Desde entonces <strong>riego ese jardín a escondidas</strong>, y cada mañana parece un poco menos abandonado.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Ñuñoa',
    tags: ['fantasía', 'naturaleza', 'jardines'],
    cover: { motif: 'meadow', palette: 'lavanda' },
    daysAgo: 9.8,
    writingMinutes: 70,
    evaluation: {
      marks: [3, 3, 3, 3],
      comment: 'Excelente trabajo: imágenes originales y una escritura cuidada.',
    },
  },
  {
    key: 'zorro',
    author: student('amanda'),
    title: 'El zorro y la última nevada',
    paragraphs: [
      'En el bosque de lengas vivía un zorro culpeo que nunca había visto la nieve. Había nacido en primavera, y los otros animales le hablaban del invierno como si fuera un cuento antiguo.',
      'Una mañana de julio el cielo se puso gris y empezaron a caer copos lentos y grandes. El zorro corrió de un lado a otro intentando atraparlos con el hocico, pero se deshacían antes de que pudiera olerlos.',
      'Cansado, se echó bajo un árbol y dejó que la nieve lo cubriera. Cuando despertó, el bosque entero estaba blanco y silencioso. <em>Por fin entendía por qué los viejos hablaban del invierno en voz baja.</em>',
    ],
    status: 'PUBLISHED',
    rounds: 2,
    location: 'Coyhaique',
    tags: ['animales', 'invierno', 'naturaleza'],
    cover: { motif: 'forest', palette: 'invierno' },
    daysAgo: 11.4,
    writingMinutes: 58,
    evaluation: { marks: [3, 3, 2, 3], comment: 'Hermosas descripciones del bosque. ¡Sigue escribiendo!' },
  },
  {
    key: 'reloj',
    author: student('tomas'),
    title: 'El reloj de la abuela Rosa',
    paragraphs: [
      'El reloj de la abuela Rosa se adelantaba siete minutos, y ella nunca quiso arreglarlo. Decía que esos siete minutos eran un regalo: tiempo extra para despedirse, para abrazar o para mirar por la ventana.',
      'Cuando la abuela se fue a vivir con mi tía a Temuco, me dejó el reloj. Lo colgué en mi pieza y durante semanas no entendí para qué me servía un reloj que mentía.',
      'Hasta que una mañana, creyendo que iba atrasado, salí corriendo y llegué a la estación siete minutos antes. Justo a tiempo para ver a mi mejor amigo antes de que partiera su tren. <strong>Los siete minutos de la abuela me alcanzaron exactos para decirle adiós.</strong>',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Estación Central',
    tags: ['familia', 'tiempo', 'amistad'],
    cover: { motif: 'rays', palette: 'otono' },
    daysAgo: 12.9,
    writingMinutes: 66,
    evaluation: { marks: [3, 3, 2, 3], comment: 'Muy buena atmósfera. El final puede sorprender aún más.' },
  },
  {
    key: 'aurora',
    author: student('gaspar'),
    title: 'Aurora en el sur',
    paragraphs: [
      'Nadie en Puerto Williams nos creyó cuando dijimos que habíamos visto una aurora. «Eso pasa en Noruega», dijo el dueño del almacén, sin levantar la vista del diario.',
      'Pero nosotros la vimos: una cinta verde que se movía sobre el canal Beagle como una cortina con viento. Duró apenas unos minutos, y ninguno alcanzó a sacar el celular del bolsillo.',
      'Esa noche aprendí que hay cosas que no necesitan pruebas. Mi hermana y yo todavía hablamos de ella en voz baja, <em>como si fuera un secreto que el cielo nos contó solo a nosotros</em>.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    anonymity: true,
    location: 'Puerto Williams',
    tags: ['viajes', 'noche', 'sur de Chile'],
    cover: { motif: 'aurora', palette: 'aurora' },
    daysAgo: 14.5,
    writingMinutes: 38,
    evaluation: {
      marks: [3, 2, 3, 3],
      comment: 'Muy evocador. Presenta mejor a los personajes desde el inicio.',
    },
  },
  {
    key: 'botellas',
    author: student('renata'),
    title: 'Mensajes en botellas de vidrio',
    paragraphs: [
      'Cada vez que mi hermano mayor se embarcaba, yo escribía un mensaje, lo metía en una botella y la lanzaba al mar desde el muelle. Sabía que nunca le llegarían, pero escribirlos me ayudaba a esperar.',
      'Le conté del colegio, del perro del vecino que aprendió a abrir la reja y de lo mucho que extrañaba que me despeinara al saludarme.',
      'El día que volvió traía una bolsa de género llena de botellas. Unos pescadores del norte las habían encontrado y se las habían guardado. <strong>Las había leído todas</strong>, y me respondió cada una en el viaje de vuelta.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    nickname: 'Marea Alta',
    location: 'Muelle Prat, Valparaíso',
    tags: ['mar', 'familia', 'cartas'],
    cover: { motif: 'sea', palette: 'amanecer' },
    daysAgo: 16.0,
    writingMinutes: 52,
    evaluation: {
      marks: [3, 3, 3, 2],
      comment: 'Conmovedor. El final se adivina un poco antes: arriésgate.',
    },
  },
  {
    key: 'partido',
    author: student('vicente'),
    title: 'Partido en la lluvia',
    paragraphs: [
      'El campeonato comunal se jugó bajo un aguacero. La cancha de tierra se transformó en barro y la pelota pesaba como una sandía.',
      'Íbamos perdiendo uno a cero y faltaban dos minutos. El Nacho, nuestro arquero, que nunca había cruzado la mitad de la cancha, salió corriendo hacia el arco contrario mientras todos le gritábamos que volviera.',
      'Resbaló, cayó de guata y la pelota le rebotó en la espalda antes de entrar lentamente al arco. No ganamos el campeonato, pero <em>ese empate se cuenta en el barrio como si hubiera sido la final del mundo</em>.',
    ],
    status: 'PUBLISHED',
    rounds: 2,
    nickname: 'Número Diez',
    location: 'Puente Alto',
    tags: ['deporte', 'amistad', 'lluvia'],
    cover: { motif: 'bubbles', palette: 'invierno' },
    daysAgo: 17.6,
    writingMinutes: 33,
    evaluation: {
      marks: [2, 3, 2, 3],
      comment: 'Buen ritmo. Revisa las tildes y busca un final menos esperado.',
    },
  },
  {
    key: 'cocina',
    author: student('joaquin'),
    title: 'La cocina de los inventos',
    paragraphs: [
      'Mi papá cree que cocinar es un experimento científico. Los sábados se pone lentes de seguridad, anota todo en un cuaderno y dice frases como «hipótesis: el queque sube más con música».',
      'Hemos probado panqueques con forma de mapa de Chile, sopaipillas cuadradas y un pan que, según él, iba a brillar en la oscuridad. <em>No brilló.</em> Tampoco se podía morder.',
      'Pero la semana pasada inventó una empanada de pino con un toque de naranja que hizo llorar de emoción a mi abuela. Ahora el cuaderno tiene una página llena de estrellas dibujadas, y mi papá dice que la ciencia, a veces, funciona.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Viña del Mar',
    tags: ['humor', 'familia', 'cocina'],
    cover: { motif: 'shapes', palette: 'caramelo' },
    daysAgo: 19.1,
    writingMinutes: 41,
    evaluation: { marks: [3, 3, 2, 2], comment: 'Muy divertido. Revisa las palabras con c, s y z.' },
  },
  {
    key: 'arbol',
    author: student('martina'),
    title: 'El árbol que escuchaba',
    paragraphs: [
      'En la plaza de mi barrio hay un peumo muy viejo con un hueco en el tronco. Mi mamá dice que, cuando ella era niña, la gente le contaba secretos al árbol por ese hueco.',
      'Yo no le creía, hasta que una tarde le conté que tenía miedo de cambiarme de colegio. Las hojas se movieron aunque no había viento, y cayó a mis pies una semilla brillante.',
      'La planté en un tarro de leche en mi ventana. Ya tiene cuatro hojas, y cada vez que la miro me acuerdo de que <strong>las cosas nuevas también empiezan pequeñas</strong>.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Maipú',
    tags: ['naturaleza', 'amistad', 'árboles'],
    cover: { motif: 'forest', palette: 'bosque' },
    daysAgo: 20.7,
    writingMinutes: 30,
    evaluation: {
      marks: [3, 3, 2, 3],
      comment: 'Qué lindo mensaje. Puedes darle más rasgos propios al árbol.',
    },
  },
  {
    key: 'desierto',
    author: student('florencia'),
    title: 'Nubes de algodón sobre el desierto',
    paragraphs: [
      'Cuando fuimos a visitar a mi tía a Copiapó, el desierto estaba lleno de flores. Mi tía dijo que eso pasa solo algunos años, cuando llueve más de lo normal, y que tuvimos suerte.',
      'Caminamos entre flores moradas y amarillas que parecían una alfombra sin fin. Arriba, las nubes eran tan blancas que parecían de algodón, y sus sombras se movían sobre el suelo como animales tranquilos.',
      'En la noche mi tía nos mostró el cielo más estrellado que he visto. Me dijo que el desierto guarda sus sorpresas para quien sabe esperar. <em>Yo todavía estoy aprendiendo a esperar.</em>',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    anonymity: true,
    location: 'Copiapó',
    tags: ['desierto', 'viajes', 'naturaleza'],
    cover: { motif: 'hills', palette: 'desierto' },
    daysAgo: 22.2,
    writingMinutes: 47,
    evaluation: {
      marks: [3, 2, 3, 3],
      comment: 'Lindas imágenes del desierto florido. Desarrolla más a la tía.',
    },
  },
  {
    key: 'robot',
    author: student('lucas'),
    title: 'El robot que aprendió a dibujar',
    paragraphs: [
      'R-17 había sido fabricado para pintar líneas blancas en las carreteras. Durante doce años trazó rectas perfectas, kilómetro tras kilómetro, sin salirse jamás del borde.',
      'Una noche, mientras trabajaba en una ruta del norte, vio un lagarto cruzar el asfalto. Sin saber por qué, dejó la recta y dibujó una curva que seguía su camino.',
      'Los ingenieros dijeron que era una falla y quisieron repararlo. Pero los conductores empezaron a desviarse solo para ver la carretera donde las líneas blancas formaban lagartos, cóndores y flores. <strong>R-17 sigue trabajando ahí</strong>, y nadie se ha vuelto a quejar de la ruta.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Ruta 5 Norte',
    tags: ['ciencia ficción', 'arte', 'robots'],
    cover: { motif: 'shapes', palette: 'limon' },
    daysAgo: 23.8,
    writingMinutes: 57,
    evaluation: {
      marks: [3, 3, 3, 2],
      comment: 'Muy bien escrito. Un robot artista es conocido: sorpréndenos.',
    },
  },
  {
    key: 'luces',
    author: student('renata'),
    title: 'Luces de la ciudad dormida',
    paragraphs: [
      'A las tres de la mañana la ciudad parece otra. Desde mi ventana cuento las luces que siguen encendidas y les invento historias.',
      'La del edificio de enfrente es una enfermera que acaba de llegar de su turno. La que parpadea en la esquina es un estudiante que se durmió sobre sus apuntes. La luz azul del tercer piso es alguien que no puede dejar de mirar el mar en una pantalla.',
      'Cuando la última se apaga, siento que la ciudad por fin descansa. Entonces apago la mía, <em>para que nadie tenga que inventarme una historia a mí</em>.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Valparaíso',
    tags: ['ciudad', 'noche', 'poesía'],
    cover: { motif: 'city', palette: 'medianoche' },
    daysAgo: 25.3,
    writingMinutes: 36,
    evaluation: { marks: [2, 3, 3, 3], comment: 'Texto muy poético. Ordena mejor el inicio y el desenlace.' },
  },
  {
    key: 'gaviota',
    author: student('amanda'),
    title: 'La gaviota sin miedo',
    paragraphs: [
      'Todas las gaviotas del muelle le tenían miedo al lobo marino que dormía sobre las rocas. Todas menos Perla, una gaviota pequeña con una pata chueca.',
      '—¿No te da miedo? —le preguntaban las demás.',
      '—Me da más miedo quedarme con hambre —respondía Perla, y se acercaba a robarle una sardina.',
      'Un día el lobo marino abrió un ojo y, en vez de enojarse, le acercó la sardina con la nariz. Desde entonces comen juntos, y las otras gaviotas los miran de lejos, <strong>sin entender nada</strong>.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    nickname: 'Pluma Blanca',
    location: 'Caleta El Membrillo',
    tags: ['animales', 'mar', 'valentía'],
    cover: { motif: 'sea', palette: 'invierno' },
    daysAgo: 26.9,
    writingMinutes: 29,
    evaluation: {
      marks: [3, 3, 2, 3],
      comment: 'Un personaje muy querible. Cuida la puntuación de los diálogos.',
    },
  },
  {
    key: 'mapa',
    author: student('benjamin'),
    title: 'El mapa del patio trasero',
    paragraphs: [
      'Mi hermano chico dibujó un mapa del tesoro con lápices de cera y lo enterró en el patio. Después se olvidó de dónde, así que tuvimos que buscar el mapa para encontrar el mapa.',
      'Cavamos junto al limonero, debajo del columpio y al lado de la casa del perro. El Pelusa nos ayudó con mucho entusiasmo, aunque su especialidad es esconder huesos, no encontrarlos.',
      'Al final el mapa estaba en el bolsillo de su pantalón, lavado y doblado. La X marcaba el lugar donde habíamos empezado a cavar. <em>El tesoro era un dinosaurio de plástico</em>, y lo celebramos como si fuera de oro.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'La Florida',
    tags: ['aventura', 'tesoros', 'hermanos'],
    cover: { motif: 'meadow', palette: 'limon' },
    daysAgo: 28.4,
    writingMinutes: 32,
    evaluation: { marks: [2, 3, 3, 2], comment: '¡Qué aventura! Revisa la puntuación y varía las palabras.' },
  },
  {
    key: 'semilla',
    author: student('isidora'),
    title: 'Diario de una semilla',
    paragraphs: [
      '<strong>Día 1.</strong> Me metieron en un vaso con algodón mojado. Está oscuro y húmedo, pero la niña que me cuida me habla todas las mañanas antes de ir al colegio.',
      '<strong>Día 6.</strong> Me salió una raíz. Es extraño tener un pie que crece hacia abajo cuando una quiere mirar hacia arriba. La niña gritó de alegría y llamó a toda la familia.',
      '<strong>Día 15.</strong> Ya tengo dos hojas y me cambiaron a un macetero en la ventana. Desde aquí veo la calle, los perros y el cielo. Todavía no sé qué voy a ser, pero la niña dice que seré un poroto enorme, y yo le creo.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Santiago',
    tags: ['naturaleza', 'ciencia', 'diarios'],
    cover: { motif: 'rays', palette: 'limon' },
    daysAgo: 30.0,
    writingMinutes: 39,
    evaluation: {
      marks: [3, 3, 3, 2],
      comment: 'Muy buena idea contar el cuento como un diario. ¡Felicitaciones!',
    },
  },
  {
    key: 'tormenta',
    author: student('gaspar'),
    title: 'La tormenta de los colores',
    paragraphs: [
      'El día en que llovió pintura, el pueblo entero salió a la calle con paraguas que no sirvieron de nada. Las gotas eran rojas, azules y amarillas, y donde caían dos juntas aparecía un color nuevo.',
      'Las casas grises quedaron moradas y naranjas, los perros parecían arcoíris con patas y el alcalde, que había salido de traje blanco, terminó verde limón.',
      'Al día siguiente algunos vecinos quisieron limpiar todo, pero el colegio entero se opuso. Ahora el pueblo es una obra de arte, y cada vez que se nubla los niños miran el cielo <strong>esperando otra tormenta</strong>.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    anonymity: true,
    location: 'Quilpué',
    tags: ['arte', 'fantasía', 'colores'],
    cover: { motif: 'bubbles', palette: 'atardecer' },
    daysAgo: 31.5,
    writingMinutes: 45,
    evaluation: {
      marks: [3, 2, 3, 3],
      comment: 'Muy original. Los personajes podrían tener más voz propia.',
    },
  },
  {
    key: 'astronomo',
    author: student('catalina'),
    title: 'Mi vecino el astrónomo',
    paragraphs: [
      'Don Hernán, el vecino del segundo piso, tiene un telescopio en el balcón. Todos en el edificio creían que espiaba a la gente, hasta que una noche me invitó a mirar.',
      'Vi los anillos de Saturno, pequeños y perfectos, como un dibujo en el cuaderno de ciencias. Don Hernán me explicó que esa luz había viajado más de una hora para llegar a mi ojo.',
      'Ahora los viernes subimos a mirar el cielo con otros niños del edificio. Los vecinos ya no murmuran; algunos incluso traen sopaipillas. Don Hernán dice que <em>el universo es más grande cuando se mira acompañado</em>.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    nickname: 'Cometa',
    location: 'Providencia',
    tags: ['estrellas', 'vecinos', 'ciencia'],
    cover: { motif: 'night', palette: 'atardecer' },
    daysAgo: 33.1,
    writingMinutes: 50,
    evaluation: { marks: [3, 2, 3, 3], comment: 'Precioso. Conecta mejor el telescopio con el final.' },
  },
  {
    key: 'tren',
    author: student('tomas'),
    title: 'El último tren a Puerto Varas',
    paragraphs: [
      'El tren salió de Santiago a las nueve de la noche. En el vagón comedor, una señora tejía una bufanda tan larga que ya tocaba el suelo, y un niño contaba postes por la ventana.',
      'Yo viajaba solo por primera vez, con una mochila y una carta para mi tío. A medida que avanzábamos hacia el sur, la lluvia se volvía más fina y los campos más verdes.',
      'Al amanecer, el volcán Osorno apareció detrás del lago como una torta con merengue. La señora terminó la bufanda justo al llegar y me la regaló. <strong>Todavía la uso</strong>, aunque mi tío dice que es demasiado larga para cualquier cuello.',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    anonymity: true,
    location: 'Puerto Varas',
    tags: ['viajes', 'trenes', 'sur de Chile'],
    cover: { motif: 'hills', palette: 'invierno' },
    daysAgo: 34.6,
    writingMinutes: 63,
    evaluation: { marks: [3, 3, 2, 3], comment: 'Gran ambiente de viaje. Busca un cierre más sorpresivo.' },
  },
  {
    key: 'rio',
    author: student('joaquin'),
    title: 'La canción del río',
    paragraphs: [
      'El río que pasa detrás de la escuela canta. No todos lo escuchan: hay que sentarse en la piedra grande, cerrar los ojos y esperar a que dejen de pasar las micros.',
      'Mi amiga Javiera dice que canta en mapudungun, porque el río es más viejo que el castellano. Yo creo que canta en todos los idiomas a la vez, y cada uno entiende lo que necesita.',
      'El día que me fue mal en la prueba, el río me cantó algo parecido a «ya pasará». Javiera dice que a ella le cantó «anda a almorzar». <em>Creo que los dos teníamos razón.</em>',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Valparaíso',
    tags: ['naturaleza', 'música', 'amistad'],
    cover: { motif: 'aurora', palette: 'oceano' },
    daysAgo: 36.2,
    writingMinutes: 34,
    evaluation: {
      marks: [3, 3, 3, 3],
      comment: 'Excelente: estructura clara, personajes vivos y un final precioso.',
    },
  },
  {
    key: 'cometa',
    author: student('emilia'),
    title: 'El cometa del patio',
    paragraphs: [
      'En el recreo encontramos una piedra brillante al lado del arco de fútbol. Nicolás dijo que era un pedazo de cometa, y la profesora dijo que podía ser.',
      'La guardamos en una caja de zapatos con algodón. Todos los días le preguntábamos de dónde venía, pero la piedra solo brillaba un poquito más cuando le daba el sol.',
      'El viernes la devolvimos al patio, porque pensamos que a lo mejor su familia la estaba buscando. <em>Esa noche vi una luz cruzar el cielo y supe que la habían encontrado.</em>',
    ],
    status: 'PUBLISHED',
    rounds: 1,
    location: 'Valparaíso',
    tags: ['espacio', 'escuela', 'amistad'],
    cover: { motif: 'hills', palette: 'amanecer' },
    daysAgo: 37.4,
    writingMinutes: 28,
    evaluation: {
      marks: [3, 2, 3, 2],
      comment: 'Me encantó la idea de devolver la piedra. Revisa las comas.',
    },
  },
];

/** Fics on their way: drafts, sent, evaluated (several by Sofía, for her 'Mis fics'). */
const inProgress: DemoStory[] = [
  {
    key: 'volantin',
    author: SOFIA,
    title: 'Mi abuela y el volantín rojo',
    paragraphs: [
      'Para el dieciocho mi abuela me enseñó a encumbrar un volantín. Era rojo, con cola de papel de diario, y ella lo había hecho con sus propias manos.',
      'Al principio se caía todo el rato, pero la abuela me dijo que tenía que soltar el hilo despacito, como cuando uno le cuenta un secreto a alguien.',
      'Cuando por fin subió, era el volantín mas alto del cerro.',
    ],
    status: 'EVALUATED',
    rounds: 1,
    location: 'Cerro San Cristóbal',
    tags: ['familia', 'fiestas patrias'],
    cover: { motif: 'shapes', palette: 'desierto' },
    daysAgo: 0.9,
    writingMinutes: 25,
    evaluation: { marks: [2, 2, 3, 2], comment: 'Bonita historia. Agrégale un final y revisa las tildes.' },
  },
  {
    key: 'laboratorio',
    author: SOFIA,
    title: 'El secreto del laboratorio',
    paragraphs: [
      'En el laboratorio de ciencias hay un esqueleto de plástico que se llama Huesitos. Todos los años los de sexto le ponen un gorro distinto.',
      'Un lunes, Huesitos apareció sentado en la silla del profesor con una nota que decía: <em>«Necesito vacaciones»</em>.',
      'Todo el curso se puso a investigar. Revisamos huellas, le preguntamos al auxiliar y hasta interrogamos al conejo de la sala de al lado.',
      'Al final descubrimos que la nota la había escrito la profesora Carmen, que también necesitaba vacaciones. Ese viernes ella se fue a la playa, y a Huesitos le pusimos lentes de sol para que no se sintiera solo.',
    ],
    status: 'REVIEWING',
    rounds: 2,
    location: 'Colegio Demo Los Aromos',
    tags: ['misterio', 'escuela', 'humor'],
    cover: { motif: 'bubbles', palette: 'lavanda' },
    daysAgo: 0.4,
    writingMinutes: 46,
    evaluation: {
      marks: [3, 2, 2, 3],
      comment: 'Buen misterio. Cuéntanos quién dejó la nota en el laboratorio.',
    },
  },
  {
    key: 'nubes',
    author: SOFIA,
    title: 'La ciudad de las nubes',
    paragraphs: [
      'Arriba de las nubes hay una ciudad donde viven los que hacen la lluvia. Tienen regaderas gigantes y trabajan por turnos, para que no llueva siempre en el mismo lugar.',
      'Un día se les olvidó regar el sur y los campos se pusieron amarillos. Entonces una niña del campo les mandó un avión de papel con una carta muy educada.',
      'Los de las nubes se avergonzaron tanto que llovió tres días seguidos, y la niña tuvo que mandarles otra carta para pedirles que pararan.',
    ],
    status: 'REVIEWING',
    rounds: 1,
    location: 'Santiago',
    tags: ['fantasía', 'lluvia'],
    cover: { motif: 'hills', palette: 'caramelo' },
    daysAgo: 1.6,
    writingMinutes: 31,
  },
  {
    key: 'canelo',
    author: SOFIA,
    title: 'El perro que quería ser astronauta',
    paragraphs: [
      'Mi perro Canelo mira la luna todas las noches. Yo creo que quiere ir para allá.',
      'Hoy le hice un casco con una pelota de plástico cortada por la mitad. No le gustó mucho, pero…',
    ],
    status: 'EDITING',
    rounds: 0,
    location: '',
    tags: ['animales', 'espacio'],
    cover: { motif: 'night', palette: 'medianoche' },
    daysAgo: 0.2,
    writingMinutes: 12,
  },
  {
    key: 'tortuga',
    author: student('benjamin'),
    title: 'La tortuga más rápida del mundo',
    paragraphs: [
      'Todos saben que las tortugas son lentas, pero Rayo no lo sabía, porque nadie se lo había dicho.',
      'Así que se inscribió en la carrera del parque contra una liebre, un perro salchicha y un triciclo. Los demás se rieron, pero Rayo no se enteró: ya iba caminando hacia la meta.',
      'Había salido tres semanas antes, así que cuando sonó la partida ella ya estaba cruzando la meta. Los jueces discutieron mucho, pero al final le dieron una medalla especial: <strong>a la más puntual</strong>.',
    ],
    status: 'REVIEWING',
    rounds: 1,
    anonymity: true,
    location: 'Parque O’Higgins',
    tags: ['animales', 'humor', 'deporte'],
    cover: { motif: 'meadow', palette: 'bosque' },
    daysAgo: 2.3,
    writingMinutes: 28,
  },
  {
    key: 'cartas',
    author: student('catalina'),
    title: 'Cartas que nunca envié',
    paragraphs: [
      'Querida yo de diez años: hoy encontré tu diario debajo de la cama. Tenías miedo de que nadie te eligiera para el equipo de vóleibol. Te cuento que ahora soy la capitana.',
      'Querida yo de veinte años: no sé cómo eres, pero espero que sigas escribiendo cartas que nunca envías. Son la mejor manera de conversar con alguien que te entiende.',
      'Querida yo de hoy: guarda esta carta junto a las otras.',
    ],
    status: 'EVALUATED',
    rounds: 1,
    nickname: 'Luna Menguante',
    location: 'Ñuñoa',
    tags: ['cartas', 'crecer'],
    cover: { motif: 'rays', palette: 'lavanda' },
    daysAgo: 1.3,
    writingMinutes: 37,
    evaluation: {
      marks: [3, 3, 2, 2],
      comment: 'Muy sincero. Varía el vocabulario y busca un cierre propio.',
    },
  },
  {
    key: 'alarma',
    author: student('tomas'),
    title: 'Código rojo en la biblioteca',
    paragraphs: [
      'La alarma de la biblioteca sonó a las 10:32. Nadie sabía por qué, porque ahí nunca pasa nada.',
      'Idea: que el culpable sea el hámster de cuarto básico. Seguir escribiendo…',
    ],
    status: 'EDITING',
    rounds: 0,
    location: '',
    tags: ['misterio'],
    cover: { motif: 'city', palette: 'otono' },
    daysAgo: 3.1,
    writingMinutes: 9,
  },
  {
    key: 'pulpo',
    author: student('joaquin'),
    title: 'El pulpo inventor',
    paragraphs: [
      'En el fondo de la bahía vivía un pulpo que tenía ocho brazos y ninguna paciencia. Quería hacer todo al mismo tiempo, así que se puso a inventar máquinas.',
      'Construyó una con conchas para ordenar las piedras por color, otra con algas para peinar a los caballitos de mar y una tercera que no hacía nada, pero sonaba muy bonito.',
      'La última fue la mejor: una máquina que recogía la basura que caía desde los barcos. Ahora los peces le traen ideas nuevas todos los días, y él las anota con tinta en las rocas.',
    ],
    status: 'REVIEWING',
    rounds: 1,
    location: 'Valparaíso',
    tags: ['mar', 'inventos', 'animales'],
    cover: { motif: 'sea', palette: 'menta' },
    daysAgo: 1.1,
    writingMinutes: 42,
  },
  {
    key: 'mar-devuelve',
    author: student('renata'),
    title: 'Lo que el mar devuelve',
    paragraphs: [
      'Después de cada temporal, mi abuela y yo caminamos por la playa de Las Docas para ver qué devolvió el mar.',
      'Hemos encontrado una chala sin par, un trozo de remo, una muñeca sin brazos y una botella con arena de otro color. La abuela lo guarda todo en un canasto y dice que cada cosa tiene una historia que contarnos.',
      'Ayer encontramos una llave oxidada. La abuela la miró mucho rato en silencio.',
    ],
    status: 'EVALUATED',
    rounds: 1,
    location: 'Laguna Verde',
    tags: ['mar', 'familia', 'misterio'],
    cover: { motif: 'sea', palette: 'desierto' },
    daysAgo: 2.0,
    writingMinutes: 40,
    evaluation: { marks: [2, 3, 3, 2], comment: 'Buena voz narrativa. Falta un desenlace más claro.' },
  },
  {
    key: 'estatica',
    author: student('gaspar'),
    title: 'Estática',
    paragraphs: [
      'La radio de mi abuelo solo sintoniza una emisora, y esa emisora solo transmite estática.',
      'Pero si uno escucha con atención, entre el ruido se oyen voces.',
    ],
    status: 'EDITING',
    rounds: 0,
    location: '',
    tags: ['misterio', 'radio'],
    cover: { motif: 'aurora', palette: 'volcan' },
    daysAgo: 4.2,
    writingMinutes: 15,
  },
];

export const DEMO_STORIES: readonly DemoStory[] = [...published, ...inProgress];
