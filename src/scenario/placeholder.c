/* placeholder until the module lands */ typedef int nicsim_placeholder_t;
