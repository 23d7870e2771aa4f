// Spec social-feed-search §2 /upload (create post screen), §4 post creation (idle → uploading →
// redirect to /feed), §5 Upload rules and messages.
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useQueryClient } from "@tanstack/react-query";
import { UPLOAD_SCREEN_TEXTS } from "@shared/messages";
import { addCreatedPostToCaches } from "@web/features/posts/api";
import { UploadForm } from "@web/features/upload/components/upload-form";
import { appPaths } from "@web/lib/app-paths";

export const Route = createFileRoute("/_authed/upload")({
  component: UploadPage,
});

function UploadPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <div className="px-4 pt-5 pb-6">
      <header className="mb-6 space-y-1">
        <h1 className="font-display text-2xl font-bold tracking-tight">{UPLOAD_SCREEN_TEXTS.title}</h1>
        <p className="text-sm text-muted-foreground">{UPLOAD_SCREEN_TEXTS.intro}</p>
      </header>
      <UploadForm
        onPublished={(post) => {
          addCreatedPostToCaches(queryClient, post);
          void navigate({ to: appPaths.feed });
        }}
      />
    </div>
  );
}
