/** Spanish texts shared by the API and the web app. Field messages live next to their schemas. */
export const messages = {
  validation: 'Los datos enviados no son válidos',
  unauthorized: 'Debes iniciar sesión para realizar esta acción',
  badCredentials: 'Datos incorrectos',
  sessionExpired: 'Tu sesión expiró, vuelve a ingresar',
  forbidden: 'No tienes permiso para realizar esta acción',
  notFound: 'El recurso solicitado no existe',
  routeNotFound: 'La ruta solicitada no existe',
  payloadTooLarge: 'El contenido enviado excede el tamaño máximo permitido',
  unsupportedMediaType: 'Tipo de contenido no soportado',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  rateLimited: 'Demasiados intentos, espera unos minutos e inténtalo de nuevo',
  internal: 'Algo ha salido mal, intente de nuevo más tarde',
  unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos.',
  invalidRecoveryToken: 'Parece que el token expiró, para continuar vuelva a solicitar cambio de contraseña.',
  recoverySent:
    'Si el email está registrado, recibirás un enlace para recuperar tu contraseña. Revisa tu bandeja de entrada.',
  passwordUpdated: 'Contraseña actualizada exitosamente',
  passwordTooCommon: 'Esta contraseña es demasiado común, elige una más difícil de adivinar',
  passwordIsPersonal: 'La contraseña no puede ser tu email ni tu nombre, elige una más difícil de adivinar',
  loggedOut: 'Se ha desconectado con éxito!',
  loggedOutEverywhere: 'Se cerró la sesión en todos los dispositivos',
} as const;
