import type { PolicyDocument } from './policy-document';

/** Términos y Condiciones (spec 001 §9: updated 2021-03-30; licence, cookies, disputes, changes). */
export const terms: PolicyDocument = {
  title: 'Términos y Condiciones',
  updatedAt: '2021-03-30',
  intro: [
    'Fics es una plataforma para que estudiantes escriban, revisen y compartan cuentos breves, a los que llamamos fics, con el acompañamiento de sus docentes. La administra una fundación sin fines de lucro con domicilio en Chile (en adelante, «la Fundación»).',
    'Estos términos explican las reglas para usar Fics. Al crear una cuenta, ingresar o simplemente navegar por la plataforma, aceptas estos términos. Si no estás de acuerdo con ellos, te pedimos no usar Fics.',
  ],
  sections: [
    {
      id: 'cuentas',
      heading: 'Cuentas de usuario',
      blocks: [
        'Las cuentas de estudiantes y docentes las crea su establecimiento educacional o la Fundación, a partir de una solicitud aprobada. Cada persona recibe un enlace para definir su propia contraseña.',
        'Eres responsable de mantener tu contraseña en reserva y de lo que se haga desde tu cuenta. Si crees que alguien más la está usando, avísanos de inmediato a {email} o a tu docente.',
        'Los datos de tu cuenta deben ser verdaderos. Puedes pedir que se corrijan tu establecimiento o tu curso desde tu perfil.',
      ],
    },
    {
      id: 'licencia',
      heading: 'Licencia de uso',
      blocks: [
        'Mientras cumplas estos términos, la Fundación te entrega una licencia personal, limitada, no exclusiva, intransferible y revocable para usar Fics con fines educativos y no comerciales.',
        'El software, el diseño, las marcas y los demás elementos de la plataforma pertenecen a la Fundación o a quienes nos autorizaron a usarlos. La licencia no te transfiere ninguno de esos derechos.',
      ],
    },
    {
      id: 'restricciones',
      heading: 'Restricciones',
      blocks: [
        'Al usar Fics te comprometes a no:',
        {
          list: [
            'copiar, modificar, vender, arrendar o distribuir la plataforma o una parte de ella;',
            'intentar descompilar el software, obtener su código fuente o eludir sus medidas de seguridad;',
            'extraer contenido de forma automatizada o sobrecargar intencionalmente los servidores;',
            'hacerte pasar por otra persona o usar la cuenta de alguien más;',
            'publicar contenido ofensivo, discriminatorio, violento, sexual o que acose a otras personas;',
            'publicar como propio un texto o una imagen de otra persona sin su permiso;',
            'compartir datos personales de otros, como direcciones o teléfonos;',
            'usar Fics con fines comerciales o publicitarios.',
          ],
        },
        'Si no respetas estas reglas, la Fundación o tu establecimiento pueden ocultar o eliminar el contenido y suspender o cerrar la cuenta.',
      ],
    },
    {
      id: 'contenido',
      heading: 'Tus fics y comentarios',
      blocks: [
        'Lo que escribes sigue siendo tuyo. Al enviar una fic, autorizas a la Fundación a guardarla y a mostrarla a tus docentes para su revisión y, una vez publicada, a cualquier visitante de la plataforma, sin costo y mientras siga publicada.',
        'Puedes publicar una fic de forma anónima o con un seudónimo. A las personas que visitan Fics sin iniciar sesión, un estudiante se les muestra solo con su nombre y la inicial de su apellido, sin foto.',
        'Tus docentes y la Fundación pueden corregir, ocultar o eliminar fics y comentarios que no respeten estos términos.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies y almacenamiento local',
      blocks: [
        'Fics usa cookies y el almacenamiento local de tu navegador para mantener tu sesión iniciada y recordar tus preferencias. En la Política de Privacidad explicamos qué guardamos y cómo puedes desactivarlo.',
      ],
    },
    {
      id: 'garantias',
      heading: 'Disponibilidad y responsabilidad',
      blocks: [
        'Hacemos lo posible para que Fics funcione bien y sin interrupciones, pero la ofrecemos tal como está, sin garantizar que esté siempre disponible o libre de errores. Podemos pausarla para mantenimiento o mejoras.',
        'En la medida que la ley chilena lo permita, la Fundación no responde por daños indirectos derivados del uso de la plataforma ni por el contenido que publiquen los usuarios.',
      ],
    },
    {
      id: 'controversias',
      heading: 'Solución de controversias',
      blocks: [
        'Si tienes un problema con Fics, queremos resolverlo directamente contigo. Antes de iniciar cualquier acción, la parte que reclama debe avisar por escrito a la otra (a la Fundación, en {email}) y ambas intentarán llegar a un acuerdo mediante una negociación informal durante al menos 60 días desde ese aviso.',
        'Si pasados esos 60 días no hay acuerdo, la controversia se resolverá mediante arbitraje en la ciudad de Santiago, Chile, conforme a las leyes chilenas. Esto no impide acudir a los tribunales para pedir medidas urgentes ni ejercer los derechos que la ley del consumidor no permite renunciar.',
      ],
    },
    {
      id: 'plazo',
      heading: 'Plazo para reclamar',
      blocks: [
        'Cualquier reclamo relacionado con Fics debe presentarse dentro de un año desde que ocurrieron los hechos que lo motivan. Pasado ese plazo, el reclamo no podrá presentarse, salvo que la ley disponga otra cosa.',
      ],
    },
    {
      id: 'cambios',
      heading: 'Cambios a estos términos',
      blocks: [
        'Podemos actualizar estos términos. Si un cambio es importante, lo anunciaremos en la plataforma o por correo electrónico al menos 30 días antes de que empiece a regir. Si sigues usando Fics después de esa fecha, entenderemos que aceptas los términos actualizados.',
      ],
    },
    {
      id: 'contacto',
      heading: 'Contacto',
      blocks: ['Si tienes preguntas sobre estos términos, escríbenos a {email}.'],
    },
  ],
};
