import type { ExportFiles, ExportSection, PersonalDataDeclaration } from '../../lib/personal-data';

/** Lines of at most this many characters (LEEME.txt is read in any text editor). */
const WIDTH = 78;

function wrap(text: string, indent = ''): string {
  const lines: string[] = [];
  let line = indent;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line.trim() !== '' && line.length + 1 + word.length > WIDTH) {
      lines.push(line);
      line = indent;
    }
    line += line.trim() === '' ? word : ` ${word}`;
  }
  if (line.trim() !== '') {
    lines.push(line);
  }
  return lines.join('\n');
}

const item = (label: string, text: string) => wrap(`- ${label}: ${text}`, '  ').replace(/^ {2}/, '');

/**
 * LEEME.txt (issue 22.2): what each file is, what the platform keeps and why (the register's
 * purposes and retention), and the rights under Ley 21.719 with how to exercise them. Plain
 * Spanish, for a student or their family.
 */
export function readmeText(options: {
  name: string;
  producedAt: Date;
  publicUrl: string;
  register: readonly PersonalDataDeclaration[];
  sections: readonly ExportSection[];
  files: readonly ExportFiles[];
}): string {
  const { publicUrl } = options;
  const date = options.producedAt.toISOString().slice(0, 16).replace('T', ' ');
  const tables = options.register.flatMap((declaration) => declaration.tables);
  const parts = [
    'TUS DATOS EN FICS',
    '=================',
    '',
    wrap(
      `Este archivo contiene los datos personales que Fics guarda sobre ${options.name}, ` +
        `tal como estaban el ${date} (hora UTC). Te lo entregamos para que sepas qué sabemos de ti ` +
        'y puedas llevártelo (derechos de acceso y portabilidad de la Ley 21.719).',
    ),
    '',
    'QUÉ HAY EN ESTE ARCHIVO',
    '-----------------------',
    item('LEEME.txt', 'este texto.'),
    item(
      'datos.json',
      'todos tus datos en formato JSON (se abre con cualquier editor de texto o navegador). ' +
        'Las fechas están en hora UTC. Tiene estas partes:',
    ),
    ...options.sections.map((section) => wrap(`* ${section.key}: ${section.description}`, '    ')),
    ...options.files.map((group) => item(group.pattern, group.description)),
    '',
    'QUÉ GUARDAMOS, PARA QUÉ Y POR CUÁNTO TIEMPO',
    '-------------------------------------------',
    ...tables.map((table) => wrap(`- ${table.purpose} Plazo: ${table.retention}`, '  ').replace(/^ {2}/, '')),
    '',
    'TUS DERECHOS (LEY 21.719 DE PROTECCIÓN DE DATOS PERSONALES)',
    '-----------------------------------------------------------',
    wrap(
      'Tienes derecho a acceder a tus datos, a rectificarlos si están mal, a pedir que se supriman, ' +
        'a oponerte a que se usen, a llevártelos (portabilidad) y a pedir que se bloqueen mientras ' +
        'se revisa una solicitud (artículos 4 a 9). Si tienes menos de 14 años, tu madre, padre o ' +
        'apoderado puede ejercerlos por ti.',
    ),
    '',
    'CÓMO EJERCERLOS',
    '---------------',
    item(
      'Acceso y portabilidad',
      `descarga este archivo cuando quieras desde "Mis datos" en ${publicUrl}/perfil (una vez por hora).`,
    ),
    item(
      'Rectificación',
      `cambia tu nombre, biografía o foto en ${publicUrl}/perfil; para tu correo, establecimiento o curso, pídelo a tu docente o al administrador.`,
    ),
    item(
      'Supresión, oposición, bloqueo y cualquier otra solicitud',
      `escríbenos desde el formulario de solicitudes en ${publicUrl}/perfil, o, si no tienes cuenta ` +
        `(por ejemplo, un apoderado), desde ${publicUrl}/terminos-condiciones.`,
    ),
    '',
    wrap(
      'Respondemos dentro de 30 días corridos, plazo que puede extenderse una sola vez por otros 30 ' +
        'con una razón; un bloqueo se hace dentro de 2 días hábiles (artículo 11). Si rechazamos una ' +
        'solicitud te diremos por qué, y puedes reclamar ante la Agencia de Protección de Datos ' +
        'Personales dentro de 30 días hábiles.',
    ),
    '',
  ];
  // Windows' Notepad and others read CRLF best; the byte order mark tells them it is UTF-8.
  return `\ufeff${parts.join('\n').replace(/\n/g, '\r\n')}`;
}
