import { useMutation } from '@tanstack/react-query';
import { importResult, type ImportResult } from '../../../../shared/api/imports.ts';
import { apiRequest, readJson } from '../../../lib/api-request.ts';

/**
 * POST /api/imports with one file (multipart field `file`): an activity file is imported at once
 * (201), a Strava export archive is accepted and imported in the background (202).
 */
export async function uploadImport(file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  return readJson(await apiRequest('POST', '/api/imports', form), importResult);
}

export function useUploadImport() {
  return useMutation({ mutationFn: uploadImport });
}
