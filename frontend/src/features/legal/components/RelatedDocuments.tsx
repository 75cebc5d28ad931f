import { SimpleGrid, Title } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LEGAL_DOCUMENT_IDS, LEGAL_DOCUMENTS, type LegalDocumentId } from '../content/documents';
import classes from './Legal.module.css';

export function RelatedDocuments({ current }: { current: LegalDocumentId }) {
  const others = LEGAL_DOCUMENT_IDS.filter((id) => id !== current);
  return (
    <nav aria-labelledby="related-documents">
      <Title order={2} size="h4" id="related-documents" mb="md">
        Related documents
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {others.map((id) => (
          <Link key={id} to={`/${id}`} className={classes.relatedLink}>
            <IconFileText
              size={20}
              stroke={1.7}
              color="var(--mantine-color-fanmint-filled)"
              style={{ flexShrink: 0 }}
              aria-hidden
            />
            {LEGAL_DOCUMENTS[id].title}
          </Link>
        ))}
      </SimpleGrid>
    </nav>
  );
}
