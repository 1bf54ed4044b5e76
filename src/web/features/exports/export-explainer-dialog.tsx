import type { DialogOpenState } from '../../ui/dialog.tsx';
import { ExplainerDialog } from './explainer-dialog.tsx';

/** 'What is this export file?' (spec §2 Dialogs): what the context export holds and what it is for. */
export function ExportExplainerDialog(openState: DialogOpenState) {
  return (
    <ExplainerDialog
      {...openState}
      title="What is this export file?"
      description="A JSON file with everything Kai knew when writing this analysis."
    >
      <div className="flex flex-col gap-4">
        <p>It holds the activity and its metrics, Kai's analysis, your units and coaching style, your training plans, the ride detail you added and your athlete profile (name, weight, FTP and heart-rate zones). Your custom coaching instructions are left out.</p>
        <p>Attach it to a conversation with another AI assistant to ask your own questions about this session, with the same facts Kai used.</p>
        <p className="text-fg-muted">The file is saved on your device only. It contains your training data, so share it only with services you trust.</p>
      </div>
    </ExplainerDialog>
  );
}
