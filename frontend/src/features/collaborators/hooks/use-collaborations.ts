import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify';
import {
  approveCollaboration,
  getCollaborations,
  rejectCollaboration,
  removeCollaboration,
  serviceMessage,
  updatePermissions,
  uploadReleaseForm,
  type MyCollaborations,
} from '../services/collaborations.service';

export const collaborationsKey = ['collaborations', 'mine'] as const;

export function useCollaborations() {
  return useQuery({ queryKey: collaborationsKey, queryFn: getCollaborations });
}

export const COLLABORATION_MESSAGES = {
  approve: { done: 'Request approved', failed: 'Could not approve the request' },
  reject: { done: 'Request rejected', failed: 'Could not reject the request' },
  remove: { done: 'Collaborator removed', failed: 'Could not remove the collaborator' },
  permissions: { done: 'Permissions saved', failed: 'Could not save the permissions' },
  releaseForm: { done: 'Release form uploaded', failed: 'Could not upload the release form' },
} as const;

/**
 * Every write answers with the whole list, which replaces the cached one; each one toasts its outcome
 * with the server's message when the server refused.
 */
function useCollaborationWrite<TVariables>(
  mutationFn: (variables: TVariables) => Promise<MyCollaborations>,
  messages: { done: string; failed: string },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (list) => {
      client.setQueryData(collaborationsKey, list);
      notify.success(messages.done);
    },
    onError: (error) => notify.error(serviceMessage(error, messages.failed)),
  });
}

export const useApproveCollaboration = () =>
  useCollaborationWrite(approveCollaboration, COLLABORATION_MESSAGES.approve);
export const useRejectCollaboration = () => useCollaborationWrite(rejectCollaboration, COLLABORATION_MESSAGES.reject);
export const useRemoveCollaboration = () => useCollaborationWrite(removeCollaboration, COLLABORATION_MESSAGES.remove);
export const useUpdatePermissions = () => useCollaborationWrite(updatePermissions, COLLABORATION_MESSAGES.permissions);
export const useUploadReleaseForm = () => useCollaborationWrite(uploadReleaseForm, COLLABORATION_MESSAGES.releaseForm);
