/**
 * Texts of the evaluations screens; part of the one catalog in es.ts. Messages the API words too (validation,
 * success, refusals) and limits come from @fics/contracts, never from here.
 */
export const evaluations = {
  drawerTitle: 'Evaluación',
  // The teacher's form.
  rubric: 'Rúbrica',
  rubricHelp: 'Copia la grilla de la rúbrica en la evaluación',
  rubricReplaceHelp: 'Elegir otra rúbrica reemplaza la grilla y sus marcas',
  rubricsLoading: 'Cargando rúbricas...',
  rubricsLoadFailed: 'No se pudieron cargar tus rúbricas.',
  noRubrics: 'Para evaluar necesitas una rúbrica.',
  createRubric: 'Crear una rúbrica',
  chooseRubricFirst: 'Elige una de tus rúbricas para evaluar esta fic.',
  gridLabel: 'Rúbrica de la evaluación',
  gridLabelNamed: 'Rúbrica: {{title}}',
  gridHint: 'Marca un nivel por fila; vuelve a pulsarlo para desmarcarlo.',
  score: 'Puntaje: {{score}} / {{max}}',
  comment: 'Comentario',
  send: 'Enviar evaluación',
  update: 'Actualizar evaluación',
  rowError: 'Fila {{row}}: {{message}}',
  // A comment per criterion (issue 20.5), under its row in the grid.
  criterionComment: 'Comentario sobre «{{criterion}}»',
  criterionCommentRead: 'Comentario del docente sobre «{{criterion}}»',
  criterionCommentShortRead: 'Comentario del docente',
  // Criteria left without a level (issue 18): named, and sent only once the teacher confirms.
  missingTitle: 'Faltan criterios por evaluar',
  missingText: 'Esos criterios quedarán sin puntaje. ¿Enviar la evaluación así?',
  missingConfirm: 'Enviar sin evaluarlos',
  // The read-only evaluation.
  teacherComment: 'Comentario del docente',
  noComment: 'Sin comentario',
  evaluatedBy: 'Evaluada por {{name}} · {{date}}',
  evaluatedOn: 'Evaluada el {{date}}',
  nothingYet: 'Esta fic aún no tiene una evaluación.',
} as const;
