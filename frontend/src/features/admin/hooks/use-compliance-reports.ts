import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { ComplianceReport } from '../services/admin.types';
import { complianceFileName, fetchComplianceCsv, listComplianceReports, saveBlob } from '../services/moderation-api';
import { adminKeys } from './admin-keys';

export function useComplianceReports() {
  return useQuery({ queryKey: adminKeys.complianceReports, queryFn: listComplianceReports });
}

export function useDownloadComplianceCsv() {
  return useMutation({
    mutationFn: async (report: ComplianceReport) =>
      saveBlob(await fetchComplianceCsv(report), complianceFileName(report)),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) return;
      notify.error(`Download failed: ${error.message}`);
    },
  });
}
