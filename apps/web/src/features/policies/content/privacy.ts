import type { PolicyDocument } from './policy-document';

/** Política de Privacidad (spec 001 §9: what is collected, why, with whom, for how long, rights). */
export const privacy: PolicyDocument = {
  title: 'Política de Privacidad',
  updatedAt: '2026-11-27',
  intro: [
    'En esta política contamos qué datos personales reúne Fics, para qué los usamos, con quién los compartimos, cuánto tiempo los guardamos y qué derechos tienes sobre ellos. Fics la administra una fundación sin fines de lucro constituida en Chile (en adelante, «la Fundación»), que es la responsable de esos datos.',
    'Muchas de las personas que usan Fics son niñas, niños y adolescentes. Por eso reunimos solo lo necesario para que puedan escribir y aprender, y nunca vendemos sus datos.',
  ],
  sections: [
    {
      id: 'datos-que-entregas',
      heading: 'Datos que nos entregas',
      blocks: [
        'Al crear y usar una cuenta se guardan tu nombre, tu correo electrónico, tu rol (estudiante, docente o administrador), tu establecimiento y tu curso. Si quieres, puedes agregar una biografía, una foto de perfil y un número de teléfono.',
        'También guardamos lo que publicas: tus fics (con su portada, etiquetas y, si la indicas, una ubicación), las evaluaciones de tus docentes, y tus comentarios y respuestas.',
      ],
    },
    {
      id: 'datos-automaticos',
      heading: 'Datos que se reúnen automáticamente',
      blocks: [
        'Cuando usas Fics, la plataforma registra algunos datos sin que tengas que ingresarlos:',
        {
          list: [
            'datos de uso: cuándo inicias y cierras sesión, qué fics creas, envías, lees, editas o eliminas, a cuáles les das me gusta, qué comentarios escribes y cuánto tiempo dedicas a escribir. Las y los docentes de tu curso y los administradores pueden ver esta actividad para acompañar tu aprendizaje;',
            'datos del dispositivo: la dirección IP, el tipo y la versión del navegador, el sistema operativo, el idioma configurado y la fecha y hora de cada visita.',
          ],
        },
      ],
    },
    {
      id: 'permisos',
      heading: 'Cámara y galería',
      blocks: [
        'Para subir la portada de una fic o tu foto de perfil, Fics puede pedir acceso a la cámara o a la galería de tu dispositivo. Dar ese permiso es opcional: solo se usa cuando eliges una imagen y puedes retirarlo cuando quieras desde la configuración de tu dispositivo. Al subir una imagen le quitamos los datos ocultos que trae, como la ubicación donde se tomó.',
      ],
    },
    {
      id: 'usos',
      heading: 'Para qué usamos tus datos',
      blocks: [
        {
          list: [
            'para que la plataforma funcione y se adapte a ti, por ejemplo mostrándote tus fics y las de tu curso;',
            'para mejorar Fics, entendiendo qué partes se usan más y dónde aparecen problemas;',
            'para darte soporte cuando nos escribes;',
            'para procesar tus solicitudes, como la creación de una cuenta o un cambio de establecimiento o curso;',
            'para organizar concursos literarios o encuestas, en los que participar es voluntario;',
            'para enviarte correos periódicos con novedades de la plataforma, que puedes dejar de recibir cuando quieras;',
            'para proteger la seguridad de la plataforma y de las personas que la usan.',
          ],
        },
      ],
    },
    {
      id: 'compartir',
      heading: 'Con quién compartimos tus datos',
      blocks: [
        'Solo compartimos datos personales con terceros en estos casos:',
        {
          list: [
            'con tu establecimiento: tus docentes y los administradores ven tu cuenta, tus fics y tu actividad;',
            'con empresas que nos prestan servicios, como alojamiento de servidores o envío de correos, que solo pueden usar los datos para ese servicio y deben protegerlos;',
            'con autoridades, cuando la ley lo exige;',
            'con cualquier otra persona u organización, solo si tú (o tu apoderado, si eres menor de edad) lo autorizas.',
          ],
        },
        'Lo que publicas en una fic publicada puede leerlo cualquier visitante. A quienes no han iniciado sesión, un estudiante se les muestra solo con su nombre y la inicial de su apellido, sin foto.',
      ],
    },
    {
      id: 'transferencia',
      heading: 'Transferencia a otros países',
      blocks: [
        'La Fundación está constituida en Chile, pero algunos de nuestros proveedores pueden guardar o procesar datos en servidores ubicados en otros países. Cuando eso ocurre, les exigimos un nivel de protección equivalente al que describe esta política.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      blocks: [
        'Las cookies y el almacenamiento local de tu navegador no son esenciales para usar Fics. Si los desactivas, podrás seguir leyendo las fics publicadas, pero la plataforma no recordará que iniciaste sesión y tendrás que ingresar cada vez.',
        'No guardamos datos personales en las cookies: solo identificadores de la sesión y preferencias.',
      ],
    },
    {
      id: 'pixel',
      heading: 'Píxel de redes sociales',
      blocks: [
        'Podemos usar un píxel de una red social, un pequeño fragmento de código que nos informa cuántas personas llegan a Fics desde nuestras publicaciones en esa red. El píxel no recibe el contenido de tus fics ni de tus comentarios. Puedes bloquearlo desde la configuración de privacidad de tu navegador o de la red social.',
      ],
    },
    {
      id: 'menores',
      heading: 'Niñas, niños y adolescentes',
      blocks: [
        'Tratamos los datos de niñas, niños y adolescentes pensando siempre en lo que es mejor para ellas y ellos, como pide el artículo 16 quáter de la ley, y con el cuidado especial que corresponde a un establecimiento educacional.',
        'Para solicitar una cuenta por cuenta propia hay que tener al menos 13 años. Las cuentas de estudiantes más pequeños las crea su establecimiento educacional, que autoriza su uso en el marco de sus clases.',
        'Una o un estudiante menor de 14 años (o sin año de nacimiento registrado y en un curso de Educación Básica) escribe, recibe correcciones y evaluaciones como cualquier otro, pero su nombre y sus fics no salen de su establecimiento hasta que su madre, padre o apoderado dé su consentimiento: sus fics publicadas solo las ven personas de su colegio con sesión iniciada, y nada suyo aparece en la galería pública, en vistas previas para compartir ni en otros colegios.',
        'Para pedir el consentimiento, su docente o un administrador ingresa el correo del apoderado, que recibe un aviso en lenguaje sencillo con qué datos tratamos y para qué, y lo acepta o lo rechaza desde un enlace. Guardamos quién respondió, cuándo y qué versión del aviso leyó. El consentimiento se puede retirar cuando se quiera, con el mismo enlace o pidiéndolo al establecimiento, y el retiro rige de inmediato.',
        'Si supiéramos que reunimos datos de una persona menor de 13 años fuera de este camino, los eliminaremos. Madres, padres y apoderados pueden ejercer por sus hijas e hijos todos los derechos que se describen más abajo.',
      ],
    },
    {
      id: 'contenido-personal',
      heading: 'Fics con información personal',
      blocks: [
        'Una historia puede contar cosas muy personales: de salud, de la familia, de creencias o de la situación de un hogar. Al escribir una fic puedes marcar «Contiene información personal». Una fic marcada nunca se publica en la galería, aunque esté publicada: solo la ven su autora o autor, sus docentes y los administradores.',
      ],
    },
    {
      id: 'derechos',
      heading: 'Tus derechos',
      blocks: [
        'La Ley N° 19.628 sobre protección de la vida privada, con los cambios de la Ley N° 21.719, te da estos derechos sobre tus datos personales. Si eres menor de edad, tu madre, padre o apoderado también puede ejercerlos por ti:',
        {
          list: [
            'acceso: saber qué datos tuyos guardamos, para qué los usamos, con quién los compartimos y recibir una copia;',
            'rectificación: pedir que corrijamos un dato tuyo que está mal o incompleto;',
            'supresión: pedir que borremos tus datos cuando ya no sean necesarios o no quieras que los tengamos;',
            'oposición: pedir que dejemos de usar tus datos para algo que no te parece bien;',
            'portabilidad: recibir tus datos y tus fics en un archivo que puedas llevar a otro lugar;',
            'bloqueo: pedir que congelemos tus datos por un tiempo, sin usarlos, mientras revisamos tu caso.',
          ],
        },
        'Ejercer cualquiera de estos derechos es gratis y no cambia el servicio que recibes. La Fundación no vende datos personales, ni los tuyos ni los de nadie.',
      ],
    },
    {
      id: 'conservacion',
      heading: 'Cuánto tiempo guardamos tus datos',
      blocks: [
        'Guardamos tus datos personales y tus conversaciones en la plataforma (comentarios y respuestas) mientras tu cuenta exista y hasta por 6 años, salvo que la ley nos pida conservarlos más tiempo.',
        'Si una cuenta pasa 6 años sin que nadie inicie sesión en ella, la eliminamos. Un mes antes te avisamos por correo: basta con iniciar sesión para conservarla, y antes puedes descargar tus datos.',
        'Si se elimina tu cuenta, borramos tus datos de la plataforma. Lo que quede de ella en registros internos (por ejemplo, correos ya enviados) se borra dentro de 60 días, y las copias de respaldo que aún los contengan se eliminan en un plazo de no más de 60 días. Guardamos solo una constancia de que la cuenta se eliminó, sin tu nombre ni tu correo.',
        'Al pedir que eliminemos tu cuenta puedes elegir, para cada fic publicada, si se borra o si queda en la galería como «Anónimo», sin ningún vínculo contigo; y si tus comentarios conservan su texto o se vacían; en ambos casos aparecen firmados por «Usuario eliminado».',
      ],
    },
    {
      id: 'solicitudes',
      heading: 'Cómo ejercer tus derechos',
      blocks: [
        'Para recibir una copia de tus datos (acceso y portabilidad) no necesitas pedir nada: entra a tu Perfil y usa «Descargar mis datos». Recibirás un archivo ZIP con un documento que explica su contenido, tus datos en un archivo que otros programas pueden leer y cada una de tus fics con su portada. Puedes descargarlo una vez por hora.',
        'Para corregir tu nombre, tu foto o tu biografía, edítalos en tu Perfil. Para cualquier otro derecho, entra a tu Perfil y usa «Ejercer mis derechos»: eliges qué quieres pedir, nos cuentas el detalle y ahí mismo ves el estado de tu solicitud y su plazo.',
        'Si no tienes cuenta (por ejemplo, si eres apoderada o apoderado de una o un estudiante), usa el formulario al final de esta página. Te enviaremos un enlace a tu email para confirmar que la solicitud es tuya; la revisamos desde que lo abres. También puedes escribirnos a {email}.',
        'Te responderemos por email dentro de 30 días corridos desde que recibimos tu solicitud. Si necesitamos más tiempo, te avisaremos por qué y podremos extender el plazo una sola vez por 30 días más. Un bloqueo lo hacemos dentro de 2 días hábiles.',
        'Si rechazamos tu solicitud te diremos por qué. Si no estás de acuerdo con nuestra respuesta, o si no te respondemos a tiempo, puedes presentar un reclamo ante la Agencia de Protección de Datos Personales dentro de 30 días hábiles.',
      ],
    },
    {
      id: 'seguridad',
      heading: 'Seguridad de tus datos',
      blocks: [
        'Protegemos tus datos con medidas técnicas y de organización: contraseñas guardadas de forma que nadie puede leerlas, conexiones cifradas, permisos según el rol de cada persona y sesiones que se cierran solas.',
        'Llevamos un registro de los incidentes de seguridad. Si ocurre uno que afecte tus datos, te avisaremos directamente, sin demora, y siempre cuando se trate de datos de niñas, niños o adolescentes; también lo informaremos a la Agencia de Protección de Datos Personales cuando la ley lo exija.',
      ],
    },
    {
      id: 'cambios',
      heading: 'Cambios a esta política',
      blocks: [
        'Si cambiamos esta política de manera importante, lo avisaremos en la plataforma o por correo electrónico antes de que el cambio empiece a regir.',
      ],
    },
    {
      id: 'contacto',
      heading: 'Contacto',
      blocks: ['Para cualquier pregunta sobre tu privacidad, escríbenos a {email}.'],
    },
  ],
};
