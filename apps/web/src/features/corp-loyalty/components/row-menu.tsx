import { useId, useState } from 'react';
import { IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';

export interface RowAction {
  label: string;
  onClick(): void;
  disabled?: boolean;
  /** Why the action is not available now; shown under it, the item then does nothing (docs/decisions/0330). */
  reason?: string;
}

/** A row's menu of actions (edit, delete, unenroll, ...), named for screen readers by the row it acts on. */
export function RowMenu({ label, actions }: { label: string; actions: RowAction[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  if (actions.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-controls={anchor ? id : undefined}
        aria-expanded={!!anchor}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu id={id} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {actions.map((a) =>
          a.reason ? (
            // Still focusable and readable (a disabled item is skipped by the keyboard and greyed out): the
            // reason is the point.
            <MenuItem key={a.label} aria-disabled="true" onClick={() => undefined} sx={{ whiteSpace: 'normal', maxWidth: 320 }}>
              <ListItemText
                primary={a.label}
                secondary={a.reason}
                slotProps={{ primary: { sx: { color: 'text.disabled' } }, secondary: { sx: { color: 'text.secondary' } } }}
              />
            </MenuItem>
          ) : (
            <MenuItem
              key={a.label}
              disabled={a.disabled}
              onClick={() => {
                setAnchor(null);
                a.onClick();
              }}
            >
              {a.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}

/** The Actions column of a loyalty table: each row's menu, from what `menuOf` says of the row. */
export function actionsColumn<R extends GridValidRowModel>(
  headerName: string,
  menuOf: (row: R) => { label: string; actions: RowAction[] },
): GridColDef<R> {
  return {
    field: 'actions',
    headerName,
    // Room for the header in Spanish ("Acciones", issue 20).
    width: 96,
    sortable: false,
    renderCell: ({ row }) => <RowMenu {...menuOf(row)} />,
  };
}
