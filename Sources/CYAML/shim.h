#ifndef TREEREVIEW_CYAML_SHIM_H
#define TREEREVIEW_CYAML_SHIM_H

/// libyaml's parser: its event API, which PathFilters' YAML reader walks.
#include <yaml.h>

#endif
