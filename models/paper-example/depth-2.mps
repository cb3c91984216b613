* forestcoll-opt depth MILP (cheapest tree of depth <= 2 from box0/c0) of topology 'paper-example'
* a_d_u_v = 1: node v hangs from node u at depth d; each price is that of the cheapest route through switches
* with every link priced b_max/b = 10/b per use
* node index -> id:
*   0 global
*   1 box0/switch
*   2 box0/c0
*   3 box0/c1
*   4 box0/c2
*   5 box0/c3
*   6 box1/switch
*   7 box1/c0
*   8 box1/c1
*   9 box1/c2
*   10 box1/c3
OBJSENSE
 MIN
NAME          depth_2
ROWS
 N  OBJ
 E  parent_3
 E  parent_4
 E  parent_5
 E  parent_7
 E  parent_8
 E  parent_9
 E  parent_10
 L  above_2_3_4
 L  above_2_3_5
 L  above_2_3_7
 L  above_2_3_8
 L  above_2_3_9
 L  above_2_3_10
 L  above_2_4_3
 L  above_2_4_5
 L  above_2_4_7
 L  above_2_4_8
 L  above_2_4_9
 L  above_2_4_10
 L  above_2_5_3
 L  above_2_5_4
 L  above_2_5_7
 L  above_2_5_8
 L  above_2_5_9
 L  above_2_5_10
 L  above_2_7_3
 L  above_2_7_4
 L  above_2_7_5
 L  above_2_7_8
 L  above_2_7_9
 L  above_2_7_10
 L  above_2_8_3
 L  above_2_8_4
 L  above_2_8_5
 L  above_2_8_7
 L  above_2_8_9
 L  above_2_8_10
 L  above_2_9_3
 L  above_2_9_4
 L  above_2_9_5
 L  above_2_9_7
 L  above_2_9_8
 L  above_2_9_10
 L  above_2_10_3
 L  above_2_10_4
 L  above_2_10_5
 L  above_2_10_7
 L  above_2_10_8
 L  above_2_10_9
COLUMNS
    MARK      'MARKER'                 'INTORG'
    a_1_2_10  parent_10   1.000000000000e+00
    a_1_2_10  above_2_10_3  -1.000000000000e+00
    a_1_2_10  above_2_10_4  -1.000000000000e+00
    a_1_2_10  above_2_10_5  -1.000000000000e+00
    a_1_2_10  above_2_10_7  -1.000000000000e+00
    a_1_2_10  above_2_10_8  -1.000000000000e+00
    a_1_2_10  above_2_10_9  -1.000000000000e+00
    a_1_2_10  OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_1_2_3   parent_3   1.000000000000e+00
    a_1_2_3   above_2_3_4  -1.000000000000e+00
    a_1_2_3   above_2_3_5  -1.000000000000e+00
    a_1_2_3   above_2_3_7  -1.000000000000e+00
    a_1_2_3   above_2_3_8  -1.000000000000e+00
    a_1_2_3   above_2_3_9  -1.000000000000e+00
    a_1_2_3   above_2_3_10  -1.000000000000e+00
    a_1_2_3   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_1_2_4   parent_4   1.000000000000e+00
    a_1_2_4   above_2_4_3  -1.000000000000e+00
    a_1_2_4   above_2_4_5  -1.000000000000e+00
    a_1_2_4   above_2_4_7  -1.000000000000e+00
    a_1_2_4   above_2_4_8  -1.000000000000e+00
    a_1_2_4   above_2_4_9  -1.000000000000e+00
    a_1_2_4   above_2_4_10  -1.000000000000e+00
    a_1_2_4   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_1_2_5   parent_5   1.000000000000e+00
    a_1_2_5   above_2_5_3  -1.000000000000e+00
    a_1_2_5   above_2_5_4  -1.000000000000e+00
    a_1_2_5   above_2_5_7  -1.000000000000e+00
    a_1_2_5   above_2_5_8  -1.000000000000e+00
    a_1_2_5   above_2_5_9  -1.000000000000e+00
    a_1_2_5   above_2_5_10  -1.000000000000e+00
    a_1_2_5   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_1_2_7   parent_7   1.000000000000e+00
    a_1_2_7   above_2_7_3  -1.000000000000e+00
    a_1_2_7   above_2_7_4  -1.000000000000e+00
    a_1_2_7   above_2_7_5  -1.000000000000e+00
    a_1_2_7   above_2_7_8  -1.000000000000e+00
    a_1_2_7   above_2_7_9  -1.000000000000e+00
    a_1_2_7   above_2_7_10  -1.000000000000e+00
    a_1_2_7   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_1_2_8   parent_8   1.000000000000e+00
    a_1_2_8   above_2_8_3  -1.000000000000e+00
    a_1_2_8   above_2_8_4  -1.000000000000e+00
    a_1_2_8   above_2_8_5  -1.000000000000e+00
    a_1_2_8   above_2_8_7  -1.000000000000e+00
    a_1_2_8   above_2_8_9  -1.000000000000e+00
    a_1_2_8   above_2_8_10  -1.000000000000e+00
    a_1_2_8   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_1_2_9   parent_9   1.000000000000e+00
    a_1_2_9   above_2_9_3  -1.000000000000e+00
    a_1_2_9   above_2_9_4  -1.000000000000e+00
    a_1_2_9   above_2_9_5  -1.000000000000e+00
    a_1_2_9   above_2_9_7  -1.000000000000e+00
    a_1_2_9   above_2_9_8  -1.000000000000e+00
    a_1_2_9   above_2_9_10  -1.000000000000e+00
    a_1_2_9   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_10_3  parent_3   1.000000000000e+00
    a_2_10_3  above_2_10_3   1.000000000000e+00
    a_2_10_3  OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_10_4  parent_4   1.000000000000e+00
    a_2_10_4  above_2_10_4   1.000000000000e+00
    a_2_10_4  OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_10_5  parent_5   1.000000000000e+00
    a_2_10_5  above_2_10_5   1.000000000000e+00
    a_2_10_5  OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_10_7  parent_7   1.000000000000e+00
    a_2_10_7  above_2_10_7   1.000000000000e+00
    a_2_10_7  OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_10_8  parent_8   1.000000000000e+00
    a_2_10_8  above_2_10_8   1.000000000000e+00
    a_2_10_8  OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_10_9  parent_9   1.000000000000e+00
    a_2_10_9  above_2_10_9   1.000000000000e+00
    a_2_10_9  OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_3_10  parent_10   1.000000000000e+00
    a_2_3_10  above_2_3_10   1.000000000000e+00
    a_2_3_10  OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_3_4   parent_4   1.000000000000e+00
    a_2_3_4   above_2_3_4   1.000000000000e+00
    a_2_3_4   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_3_5   parent_5   1.000000000000e+00
    a_2_3_5   above_2_3_5   1.000000000000e+00
    a_2_3_5   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_3_7   parent_7   1.000000000000e+00
    a_2_3_7   above_2_3_7   1.000000000000e+00
    a_2_3_7   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_3_8   parent_8   1.000000000000e+00
    a_2_3_8   above_2_3_8   1.000000000000e+00
    a_2_3_8   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_3_9   parent_9   1.000000000000e+00
    a_2_3_9   above_2_3_9   1.000000000000e+00
    a_2_3_9   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_4_10  parent_10   1.000000000000e+00
    a_2_4_10  above_2_4_10   1.000000000000e+00
    a_2_4_10  OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_4_3   parent_3   1.000000000000e+00
    a_2_4_3   above_2_4_3   1.000000000000e+00
    a_2_4_3   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_4_5   parent_5   1.000000000000e+00
    a_2_4_5   above_2_4_5   1.000000000000e+00
    a_2_4_5   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_4_7   parent_7   1.000000000000e+00
    a_2_4_7   above_2_4_7   1.000000000000e+00
    a_2_4_7   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_4_8   parent_8   1.000000000000e+00
    a_2_4_8   above_2_4_8   1.000000000000e+00
    a_2_4_8   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_4_9   parent_9   1.000000000000e+00
    a_2_4_9   above_2_4_9   1.000000000000e+00
    a_2_4_9   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_5_10  parent_10   1.000000000000e+00
    a_2_5_10  above_2_5_10   1.000000000000e+00
    a_2_5_10  OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_5_3   parent_3   1.000000000000e+00
    a_2_5_3   above_2_5_3   1.000000000000e+00
    a_2_5_3   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_5_4   parent_4   1.000000000000e+00
    a_2_5_4   above_2_5_4   1.000000000000e+00
    a_2_5_4   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_5_7   parent_7   1.000000000000e+00
    a_2_5_7   above_2_5_7   1.000000000000e+00
    a_2_5_7   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_5_8   parent_8   1.000000000000e+00
    a_2_5_8   above_2_5_8   1.000000000000e+00
    a_2_5_8   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_5_9   parent_9   1.000000000000e+00
    a_2_5_9   above_2_5_9   1.000000000000e+00
    a_2_5_9   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_7_10  parent_10   1.000000000000e+00
    a_2_7_10  above_2_7_10   1.000000000000e+00
    a_2_7_10  OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_7_3   parent_3   1.000000000000e+00
    a_2_7_3   above_2_7_3   1.000000000000e+00
    a_2_7_3   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_7_4   parent_4   1.000000000000e+00
    a_2_7_4   above_2_7_4   1.000000000000e+00
    a_2_7_4   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_7_5   parent_5   1.000000000000e+00
    a_2_7_5   above_2_7_5   1.000000000000e+00
    a_2_7_5   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_7_8   parent_8   1.000000000000e+00
    a_2_7_8   above_2_7_8   1.000000000000e+00
    a_2_7_8   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_7_9   parent_9   1.000000000000e+00
    a_2_7_9   above_2_7_9   1.000000000000e+00
    a_2_7_9   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_8_10  parent_10   1.000000000000e+00
    a_2_8_10  above_2_8_10   1.000000000000e+00
    a_2_8_10  OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_8_3   parent_3   1.000000000000e+00
    a_2_8_3   above_2_8_3   1.000000000000e+00
    a_2_8_3   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_8_4   parent_4   1.000000000000e+00
    a_2_8_4   above_2_8_4   1.000000000000e+00
    a_2_8_4   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_8_5   parent_5   1.000000000000e+00
    a_2_8_5   above_2_8_5   1.000000000000e+00
    a_2_8_5   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_8_7   parent_7   1.000000000000e+00
    a_2_8_7   above_2_8_7   1.000000000000e+00
    a_2_8_7   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_8_9   parent_9   1.000000000000e+00
    a_2_8_9   above_2_8_9   1.000000000000e+00
    a_2_8_9   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_9_10  parent_10   1.000000000000e+00
    a_2_9_10  above_2_9_10   1.000000000000e+00
    a_2_9_10  OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_9_3   parent_3   1.000000000000e+00
    a_2_9_3   above_2_9_3   1.000000000000e+00
    a_2_9_3   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_9_4   parent_4   1.000000000000e+00
    a_2_9_4   above_2_9_4   1.000000000000e+00
    a_2_9_4   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_9_5   parent_5   1.000000000000e+00
    a_2_9_5   above_2_9_5   1.000000000000e+00
    a_2_9_5   OBJ        2.000000000000e+01
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_9_7   parent_7   1.000000000000e+00
    a_2_9_7   above_2_9_7   1.000000000000e+00
    a_2_9_7   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
    MARK      'MARKER'                 'INTORG'
    a_2_9_8   parent_8   1.000000000000e+00
    a_2_9_8   above_2_9_8   1.000000000000e+00
    a_2_9_8   OBJ        2.000000000000e+00
    MARK      'MARKER'                 'INTEND'
RHS
    RHS       parent_3   1.000000000000e+00
    RHS       parent_4   1.000000000000e+00
    RHS       parent_5   1.000000000000e+00
    RHS       parent_7   1.000000000000e+00
    RHS       parent_8   1.000000000000e+00
    RHS       parent_9   1.000000000000e+00
    RHS       parent_10   1.000000000000e+00
    RHS       above_2_3_4   0.000000000000e+00
    RHS       above_2_3_5   0.000000000000e+00
    RHS       above_2_3_7   0.000000000000e+00
    RHS       above_2_3_8   0.000000000000e+00
    RHS       above_2_3_9   0.000000000000e+00
    RHS       above_2_3_10   0.000000000000e+00
    RHS       above_2_4_3   0.000000000000e+00
    RHS       above_2_4_5   0.000000000000e+00
    RHS       above_2_4_7   0.000000000000e+00
    RHS       above_2_4_8   0.000000000000e+00
    RHS       above_2_4_9   0.000000000000e+00
    RHS       above_2_4_10   0.000000000000e+00
    RHS       above_2_5_3   0.000000000000e+00
    RHS       above_2_5_4   0.000000000000e+00
    RHS       above_2_5_7   0.000000000000e+00
    RHS       above_2_5_8   0.000000000000e+00
    RHS       above_2_5_9   0.000000000000e+00
    RHS       above_2_5_10   0.000000000000e+00
    RHS       above_2_7_3   0.000000000000e+00
    RHS       above_2_7_4   0.000000000000e+00
    RHS       above_2_7_5   0.000000000000e+00
    RHS       above_2_7_8   0.000000000000e+00
    RHS       above_2_7_9   0.000000000000e+00
    RHS       above_2_7_10   0.000000000000e+00
    RHS       above_2_8_3   0.000000000000e+00
    RHS       above_2_8_4   0.000000000000e+00
    RHS       above_2_8_5   0.000000000000e+00
    RHS       above_2_8_7   0.000000000000e+00
    RHS       above_2_8_9   0.000000000000e+00
    RHS       above_2_8_10   0.000000000000e+00
    RHS       above_2_9_3   0.000000000000e+00
    RHS       above_2_9_4   0.000000000000e+00
    RHS       above_2_9_5   0.000000000000e+00
    RHS       above_2_9_7   0.000000000000e+00
    RHS       above_2_9_8   0.000000000000e+00
    RHS       above_2_9_10   0.000000000000e+00
    RHS       above_2_10_3   0.000000000000e+00
    RHS       above_2_10_4   0.000000000000e+00
    RHS       above_2_10_5   0.000000000000e+00
    RHS       above_2_10_7   0.000000000000e+00
    RHS       above_2_10_8   0.000000000000e+00
    RHS       above_2_10_9   0.000000000000e+00
BOUNDS
 BV BND       a_1_2_10
 BV BND       a_1_2_3 
 BV BND       a_1_2_4 
 BV BND       a_1_2_5 
 BV BND       a_1_2_7 
 BV BND       a_1_2_8 
 BV BND       a_1_2_9 
 BV BND       a_2_10_3
 BV BND       a_2_10_4
 BV BND       a_2_10_5
 BV BND       a_2_10_7
 BV BND       a_2_10_8
 BV BND       a_2_10_9
 BV BND       a_2_3_10
 BV BND       a_2_3_4 
 BV BND       a_2_3_5 
 BV BND       a_2_3_7 
 BV BND       a_2_3_8 
 BV BND       a_2_3_9 
 BV BND       a_2_4_10
 BV BND       a_2_4_3 
 BV BND       a_2_4_5 
 BV BND       a_2_4_7 
 BV BND       a_2_4_8 
 BV BND       a_2_4_9 
 BV BND       a_2_5_10
 BV BND       a_2_5_3 
 BV BND       a_2_5_4 
 BV BND       a_2_5_7 
 BV BND       a_2_5_8 
 BV BND       a_2_5_9 
 BV BND       a_2_7_10
 BV BND       a_2_7_3 
 BV BND       a_2_7_4 
 BV BND       a_2_7_5 
 BV BND       a_2_7_8 
 BV BND       a_2_7_9 
 BV BND       a_2_8_10
 BV BND       a_2_8_3 
 BV BND       a_2_8_4 
 BV BND       a_2_8_5 
 BV BND       a_2_8_7 
 BV BND       a_2_8_9 
 BV BND       a_2_9_10
 BV BND       a_2_9_3 
 BV BND       a_2_9_4 
 BV BND       a_2_9_5 
 BV BND       a_2_9_7 
 BV BND       a_2_9_8 
ENDATA
