import { IconLock } from '@tabler/icons-react';
import classes from './coming-soon.module.css';

const TILES = [0, 1, 2, 3];

/** Decorative outlines of the stores or categories to come; hidden from assistive technology. */
export function ComingSoonPreview({ kind }: { kind: 'stores' | 'categories' }) {
  return (
    <div className={classes.preview} aria-hidden="true">
      {TILES.map((tile) =>
        kind === 'stores' ? (
          <div key={tile} className={classes.tile}>
            <div className={classes.cover} />
            <div className={classes.line} style={{ width: '60%' }} />
            <div className={classes.line} style={{ width: '85%' }} />
          </div>
        ) : (
          <div key={tile} className={classes.pill} />
        ),
      )}
      <div className={classes.lock}>
        <span className={classes.lockIcon}>
          <IconLock size={26} stroke={1.8} />
        </span>
      </div>
    </div>
  );
}
