import { Anchor, Text } from '@mantine/core';
import { useSignedIn } from '../hooks/use-signed-in';
import { useSubmitAppeal, useSubmitReport, useSubmitTakedown } from '../hooks/use-storefront-queries';
import {
  REPORT_REASONS,
  TAKEDOWN_REASONS,
  type CaseSubject,
  type ReportReason,
  type TakedownReason,
} from '../services/moderation.service';
import { CaseFormModal } from './CaseFormModal';

export const REPORT_SUCCESS = 'Thanks — our team reviews every report within 48 hours.';
export const TAKEDOWN_SUCCESS = 'Thanks — our team answers every takedown request within 24 hours.';
export const APPEAL_SUCCESS = 'Thanks — appeals are resolved within 7 business days.';

/** What a dialog is about: the API subject plus the words the visitor knows it by. */
export interface DialogTarget extends CaseSubject {
  label: string;
}

export type ModerationDialog = { kind: 'report' | 'takedown' | 'appeal'; target: DialogTarget } | null;

export interface ModerationDialogsProps {
  dialog: ModerationDialog;
  onChange: (dialog: ModerationDialog) => void;
}

/** The store page's Report, 'Request a takedown' and 'Appeal as a person shown' forms (POST /api/moderation/reports, /takedown-requests and /appeals). */
export function ModerationDialogs({ dialog, onChange }: ModerationDialogsProps) {
  const signedIn = useSignedIn();
  const report = useSubmitReport();
  const takedown = useSubmitTakedown();
  const appeal = useSubmitAppeal();
  const target = dialog?.target;
  const subject = target ? { subjectType: target.subjectType, subjectId: target.subjectId } : null;
  const close = () => onChange(null);

  return (
    <>
      <CaseFormModal
        opened={dialog?.kind === 'report'}
        onClose={close}
        title={target ? `Report ${target.label}` : 'Report'}
        intro="Tell us what breaks our rules. Reports are confidential: the creator is not told who sent them."
        reasons={REPORT_REASONS}
        emailRequired={!signedIn}
        emailDescription={signedIn ? 'Leave it empty to hear back at your account email.' : 'We email you the outcome.'}
        submitLabel="Send report"
        successText={REPORT_SUCCESS}
        pending={report.isPending}
        onSubmit={(values) => report.mutateAsync({ ...subject!, ...values, reason: values.reason as ReportReason })}
        footer={
          target && (
            <Text size="sm" ta="center" c="dimmed">
              Shown in this content without your consent, or do you own it?{' '}
              <Anchor
                component="button"
                type="button"
                inherit
                fw={600}
                onClick={() => onChange({ kind: 'takedown', target })}
              >
                Request a takedown
              </Anchor>
            </Text>
          )
        }
      />
      <CaseFormModal
        opened={dialog?.kind === 'takedown'}
        onClose={close}
        title="Request a takedown"
        intro={`For people shown in ${target?.label ?? 'this content'} and for rights holders. We act on every takedown request within 24 hours.`}
        reasons={TAKEDOWN_REASONS}
        emailRequired
        emailDescription="Required: we email you the outcome."
        submitLabel="Send request"
        successText={TAKEDOWN_SUCCESS}
        pending={takedown.isPending}
        onSubmit={(values) =>
          takedown.mutateAsync({
            ...subject!,
            reason: values.reason as TakedownReason,
            details: values.details,
            email: values.email ?? '',
          })
        }
      />
      <CaseFormModal
        opened={dialog?.kind === 'appeal'}
        onClose={close}
        title="Appeal as a person shown"
        intro={`For people shown in ${target?.label ?? 'this content'} who want a decision about it reviewed again. Appeals are resolved within 7 business days.`}
        fixedReason="depicted_person"
        detailsDescription="Which decision you appeal, and why (for example which video or album shows you)."
        emailRequired
        emailDescription="Required: we email you the outcome."
        submitLabel="Send appeal"
        successText={APPEAL_SUCCESS}
        pending={appeal.isPending}
        onSubmit={(values) =>
          appeal.mutateAsync({
            ...subject!,
            reason: 'depicted_person',
            details: values.details,
            email: values.email ?? '',
          })
        }
      />
    </>
  );
}
