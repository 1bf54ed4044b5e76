import { useMutation } from '@tanstack/react-query';
import { analysisContextExport, contextExportFileName } from '../../../../shared/api/exports.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';
import { saveFile } from '../save-file.ts';

/**
 * GET /api/activities/{id}/analysis/export (Pro): the analysis context as JSON, saved as a file
 * named after the activity and the moment (spec §3).
 */
export async function exportAnalysisContext(activityId: string, activityName: string): Promise<string> {
  const path = `/api/activities/${encodeURIComponent(activityId)}/analysis/export`;
  const document = await readJson(await apiRequest('GET', path), analysisContextExport);
  const fileName = contextExportFileName(activityName, new Date());
  saveFile(new Blob([JSON.stringify(document, null, 2)], { type: 'application/json' }), fileName);
  return fileName;
}

export function useExportAnalysisContext(activityId: string, activityName: string) {
  return useMutation({ mutationFn: () => exportAnalysisContext(activityId, activityName) });
}
