import { useMutation } from '@tanstack/react-query';
import { dataExportFilename } from '@fics/contracts';
import { api } from '../../lib/api-client';
import { saveFile } from '../../lib/save-file';

/** Today's date as the file name carries it (yyyy-mm-dd, the browser's clock). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * 'Mis datos' (issue 22.2): GET /me/data-export, or GET /users/:id/data-export for an administrator,
 * saved as 'mis-datos-fics-<fecha>.zip'. A 429 (once an hour) rejects with the API's Spanish message.
 */
export function useDownloadPersonalData() {
  return useMutation({
    mutationFn: async (userId?: string) => {
      const file = await api.download(userId ? `/users/${userId}/data-export` : '/me/data-export');
      saveFile(file, dataExportFilename(today()));
    },
  });
}
