import { Modal } from '@mantine/core';
import { PurchasedContent } from './PurchasedContent';

/** A bought video or album opened from the store or the purchase history. */
export function ContentViewerModal({
  purchaseId,
  title,
  onClose,
}: {
  purchaseId: string | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={Boolean(purchaseId)}
      onClose={onClose}
      title={title}
      size="xl"
      centered
      zIndex={500}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {purchaseId && <PurchasedContent purchaseId={purchaseId} />}
    </Modal>
  );
}
