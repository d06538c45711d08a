// Renders whichever modal is open: the app mounts the features' modals here, as it mounts their
// pages in AppRoutes, so modals/ knows no feature. Loaded on first use (see AppProviders).

import { LoginModal } from "../features/auth/LoginModal.tsx";
import { CancelCouponModal } from "../features/billing/CancelCouponModal.tsx";
import { CancellationSurveyModal } from "../features/billing/CancellationSurveyModal.tsx";
import { SubscriptionManagerModal } from "../features/billing/SubscriptionManagerModal.tsx";
import { DailyCoinDialog, RedeemMessageDialog } from "../features/coins/DailyCoinDialog.tsx";
import { EmailVerificationModal } from "../features/email-verification/EmailVerificationModal.tsx";
import {
  ComingSoonModal,
  NoImageOrTextDialog,
  PaymentRequiredDialog,
  ReferenceLimitModal,
  UploadReminderModal,
} from "../features/guards/GuardDialogs.tsx";
import { FreeCreditModal } from "../features/notifications/FreeCreditModal.tsx";
import { MeetingInviteModal } from "../features/notifications/MeetingInviteModal.tsx";
import { PricingTableModal } from "../features/pricing/PricingTableModal.tsx";
import { ReferralModal } from "../features/referral/ReferralModal.tsx";
import { FrenchWelcomeModal } from "../features/surveys/FrenchWelcomeModal.tsx";
import {
  ReferenceFeedbackModal,
  TestimonialInviteModal,
} from "../features/surveys/ReferenceFeedbackModal.tsx";
import { useModal } from "../modals/use-modal.ts";
import { WithQueries } from "./WithQueries.tsx";

export default function ModalRoot() {
  return (
    <WithQueries>
      <CurrentModal />
    </WithQueries>
  );
}

function CurrentModal() {
  const { current } = useModal();
  if (!current) return null;
  switch (current.kind) {
    case "login":
      return <LoginModal key="login" mode={current.props.mode} />;
    case "email-verification":
      return <EmailVerificationModal />;
    case "daily-coin":
      return <DailyCoinDialog />;
    case "redeem-message":
      return <RedeemMessageDialog message={current.props.message} ok={current.props.ok} />;
    case "referral":
      return <ReferralModal />;
    case "reference-feedback":
      return <ReferenceFeedbackModal />;
    case "french-welcome":
      return <FrenchWelcomeModal />;
    case "free-credit":
      return <FreeCreditModal />;
    case "meeting-invite":
      return <MeetingInviteModal />;
    case "testimonial-invite":
      return <TestimonialInviteModal />;
    case "upload-reminder":
      return <UploadReminderModal />;
    case "coming-soon":
      return <ComingSoonModal feature={current.props.feature} />;
    case "no-image-or-text":
      return <NoImageOrTextDialog />;
    case "payment-required":
      return <PaymentRequiredDialog />;
    case "reference-limit":
      return <ReferenceLimitModal />;
    case "pricing":
      return <PricingTableModal table={current.props.table} />;
    case "subscriptions":
      return <SubscriptionManagerModal />;
    case "cancel-coupon":
      return <CancelCouponModal {...current.props} />;
    case "cancel-survey":
      return <CancellationSurveyModal key={current.props.subscriptionId} {...current.props} />;
  }
}
