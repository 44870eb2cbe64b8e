import Foundation
import TreeReviewCLI

exit(TreeReview.main())
