/**
 * The one Spanish catalog (architecture.md §2). Texts quoted by the spec are kept verbatim,
 * accents and typos included ('satisfatoriamente', 'tú contraseña'): they are requirements.
 * Add keys under the feature that shows them; `t('feature.key')` is type-checked against this object.
 */
export const es = {
  common: {
    appName: 'Fics',
    loading: 'Cargando...',
    close: 'Cerrar',
    cancel: 'Cancelar',
    accept: 'Aceptar',
    delete: 'Eliminar',
    back: 'Regresar',
    send: 'Enviar',
    goHome: 'Volver al home',
    emptyResults: 'Sin resultados',
    nothingToShow: 'Nada que mostrar...',
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
  },
  errors: {
    generic: 'Ha ocurrido un problema',
    genericInline: 'Algo ha salido mal. Intente de nuevo más tarde.',
    loadFailed: 'Ha ocurrido un problema, por favor intenta de nuevo más tarde.',
    network: 'No se pudo conectar con el servidor, revisa tu conexión e intenta de nuevo.',
    timeout: 'El servidor tardó demasiado en responder, intenta de nuevo.',
  },
  confirm: {
    title: '¿Estás seguro?',
    deleteWarning: 'Esta acción no puede ser reversada, asegurese antes de continuar.',
  },
  header: {
    home: 'Ir al inicio',
    login: 'Ingresar',
    logout: 'Log out',
    accountMenu: 'Menú de la cuenta',
  },
  menu: {
    profile: 'Perfil',
    users: 'Usuarios',
    schools: 'Escuelas',
    changeRequests: 'Solicitudes de cambio',
    registerRequests: 'Solicitudes de creación de cuentas',
    newFic: 'Crear Fic',
    myFics: 'Mis fics',
    reviewFics: 'Corregir fic',
    publishedFics: 'Fics publicados',
    myRubrics: 'Mis rúbricas',
  },
  auth: {
    loginTitle: 'Ingresar',
    email: 'Email',
    password: 'Contraseña',
    submitLogin: 'Ingresar',
    forgotPassword: '¿Olvidaste tú contraseña?',
    badCredentials: 'Datos incorrectos',
    loginFailed: 'Algo ha salido mal, intente de nuevo más tarde',
    loginSuccess: 'Inicio de sesión exitoso',
    logoutSuccess: 'Se ha desconectado con éxito!',
    recoveryTitle: 'Recuperar contraseña',
    recoveryIntro: 'Escribe el email de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.',
    recoverySent: 'Se ha enviado el email satisfatoriamente',
  },
  recovery: {
    title: 'Cambiar contraseña',
    invitationTitle: 'Crea tu contraseña',
    intro: 'Escribe tu nueva contraseña para la cuenta {{email}}.',
    invitationIntro: 'Bienvenido a Fics. Crea la contraseña con la que ingresarás con la cuenta {{email}}.',
    rules: 'Entre 8 y 64 caracteres. Evita contraseñas comunes.',
    password: 'Nueva contraseña',
    confirmation: 'Confirmar contraseña',
    submit: 'Cambiar contraseña',
    invitationSubmit: 'Crear contraseña',
    invalidToken: 'Parece que el token expiró, para continuar vuelva a solicitar cambio de contraseña.',
    success: 'Cambio de contraseña exitoso, ya puede ingresar a la plataforma',
  },
  home: {
    welcomeTitle: 'Cuentos escritos en la sala de clases',
    welcomeText:
      'En Fics los estudiantes escriben sus historias, sus docentes las revisan y las mejores se publican aquí para que todos las lean.',
    galleryTitle: 'Fics publicados',
  },
  notFound: {
    title: 'Ups, esta pagina no existe...',
    back: 'Regresar',
  },
  crash: {
    title: 'Ups, algo ha salido mal',
    goHome: 'Ir al home',
  },
} as const;

export type Catalog = typeof es;
